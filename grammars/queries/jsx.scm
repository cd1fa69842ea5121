; JSX (TSX and JavaScript): an element names a component and calls it with its props, as both the
; TypeScript service and React see it: `<Outlet />`, `<Dummy>…</Dummy>` (its opening tag),
; `<Foo.Bar />`. An identifier starting with a lower-case letter is an intrinsic element (`<div>`),
; no call of anything.
((jsx_self_closing_element name: [(identifier) (member_expression)] @call.callee) @call
  (#match? @call.callee "^[^a-z]|[.]"))
((jsx_opening_element name: [(identifier) (member_expression)] @call.callee) @call
  (#match? @call.callee "^[^a-z]|[.]"))
