"""Games between friends on their own devices, each move travelling as a link
(docs/friends.md): a fair deal from every person's committed secret, each person's
placements signed by their device.

- ``chains``: the hash chains, the commitments and reveals, and the draws' seeds;
- ``records``: the friend record read and checked (``parse``, ``Parsed``; versions 1 and 2);
- ``game``: the record replayed (``FriendGame``, ``replay``);
- ``timing``: when reveals may come (rounds' order, withholders);
- ``writer``: the record written back out;
- ``turns``: what a device adds to the record (joins, reveals, signed placements);
- ``signs``: the seats' keys and the placement signatures (ECDSA P-256, ``destijl.p256``);
- ``api``: the ``friend_*`` commands of ``destijl.api``;
- ``trips``: how many link trips a game takes (``python -m destijl link --trips``).
"""
