"""Mahjong solitaire (Shanghai): deals, exact solves and move reviews.

A board is a built-in layout (``"turtle"``, ``"grid2x4x4"``, ...) or a layout file
(``layout_file=``: KMahjongg ``.layout``, GNOME ``.map`` with ``map=`` naming one of its maps,
or haipai notation; a path, or the file's text as ``bytes`` or a ``str`` of several lines)
dealt by ``seed`` (uniformly at random, or winnable by construction with ``winnable=True``),
or the text of a deal as :func:`deal` returns it (``deal=``, with the same ``layout_file``
when it was made for one). The answers are the dicts of ``haipai shanghai
solve|review --json``; bad input raises :class:`haipai.ShanghaiError`.

>>> from haipai import shanghai
>>> shanghai.solve("grid1x2x4", seed=1, winnable=True)["verdict"]
'winnable'
"""

from ._haipai import shanghai as _shanghai

deal = _shanghai.deal
solve = _shanghai.solve
review = _shanghai.review

__all__ = ["deal", "review", "solve"]
