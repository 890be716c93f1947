"""A table's phones: what each phone seat is shown, and the moves its phone sends back.

One job a module, each imported by name (this package re-exports nothing):

- :mod:`scenes.table.phones.api`: what a game implements. ``scenes/<id>/phone.py``
  declares ``PHONE``, a :class:`~scenes.table.phones.api.PhoneGame`: the hand and the
  seat's private information as sections of cards and lines, the current decision as a
  tree of choices (multi-part moves grouped: a species, then a row end), and how its card
  images are painted. It reads only the view, the legal actions and the game's own card
  painters, never a table's internals. A game without one gets plain buttons named by
  its rules' ``describe_action``.
- :mod:`scenes.table.phones.payloads`: the JSON one phone is shown, built from
  ``state.view(seat)`` alone, the table's public log lines and what that seat itself
  chose or asked; and the Seat setup (lobby) picture.
- :mod:`scenes.table.phones.images`: card images painted once and kept as PNG bytes,
  named by a digest of those bytes.
- :mod:`scenes.table.phones.desk`: one :class:`~scenes.table.phones.desk.PhoneDesk` per
  table (``table.desk``). Once a frame it takes what the phones did from the hub
  (``game.phones``) and, when anything changed, publishes each phone its payload. A
  phone's move names one option of the decision it was shown; the desk maps it back to
  the actions behind that option, and the table plays them through the game contract
  when the rules ask that seat (so a tip made early, while another seat is still
  tipping, waits its turn).

Privacy by construction: the payload is a function of the view, the legal actions (a
function of the view, by the contract) and the follow-up moves of a grouped choice,
which are read from ``state.determinize(seat, ...)``, never from the real state, so no
deck order or other hand can leak into them. tests/test_phones.py checks it message by
message in whole games.
"""
