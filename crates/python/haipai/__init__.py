"""haipai (配牌): mahjong algorithms from Rust, for Python.

Shanten, necessary and unnecessary tiles, waits, scoring, one-player expected value (何切る),
exact odds over dealt hands, game reviews and Shanghai solitaire. Wherever a hand is taken,
an MPSZ string (``"123m456p789s1122z"``, ``0m`` a red five, called melds in brackets) or a
:class:`Hand` will do. Bad input raises :class:`HandError` or another :class:`HaipaiError`
(all ``ValueError``) with the message the ``haipai`` command prints.

>>> import haipai
>>> haipai.shanten("123m456p789s1122z")
0
>>> haipai.necessary_tiles("23m456p789s11z346s")
(1, ['1m', '4m', '2s', '5s'])
>>> haipai.score("234567m22p234s555z", "5z", tsumo=True)["yaku"][0]["name"]
'menzen_tsumo'
"""

from __future__ import annotations

import numpy as _np

from . import _haipai, shanghai
from ._haipai import (
    EvError,
    HaipaiError,
    Hand,
    HandError,
    LogError,
    ShanghaiError,
    ScoreError,
    ev,
    necessary_tiles,
    odds,
    review,
    score,
    shanten,
    shanten_regular,
    shanten_seven_pairs,
    shanten_thirteen_orphans,
    unnecessary_tiles,
    waits,
)

__all__ = [
    "EvError",
    "HaipaiError",
    "Hand",
    "HandError",
    "LogError",
    "ScoreError",
    "ShanghaiError",
    "ev",
    "necessary_batch",
    "necessary_tiles",
    "odds",
    "review",
    "score",
    "shanghai",
    "shanten",
    "shanten_batch",
    "shanten_regular",
    "shanten_seven_pairs",
    "shanten_thirteen_orphans",
    "unnecessary_tiles",
    "waits",
]


def _counts(counts) -> _np.ndarray:
    """``counts`` as a C-contiguous ``(N, 34)`` uint8 array; integer arrays of other types
    are taken when every count fits (0..255), anything else raises :class:`HandError`."""
    array = _np.asarray(counts)
    if array.ndim != 2 or array.shape[1] != 34:
        raise HandError(f"counts of shape {tuple(array.shape)}: one row of 34 counts per hand, (N, 34)")
    if array.dtype != _np.uint8:
        if array.dtype.kind not in "iub":
            raise HandError(f"counts of dtype {array.dtype}: whole numbers are needed (uint8)")
        if array.size and (array.min() < 0 or array.max() > 255):
            raise HandError("counts: every count is a number of copies, 0 to 4")
        array = array.astype(_np.uint8)
    return _np.ascontiguousarray(array)


def shanten_batch(counts) -> _np.ndarray:
    """The shanten of every row of an ``(N, 34)`` array of closed counts (1m..9m, 1p..9p,
    1s..9s, 1z..7z), as an int8 array of N; rows are spread over the cores, the GIL
    released. A row that is no valid hand (a count over 4, a size other than 3n+1 or 3n+2,
    more than 14 tiles) raises :class:`HandError` naming it (``row``).

    >>> import numpy as np
    >>> rows = np.zeros((2, 34), dtype=np.uint8)
    >>> rows[0, [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 28, 28]] += 1
    >>> rows[1, [0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30]] = 1  # 159m159p159s1234z
    >>> shanten_batch(rows).tolist()
    [0, 3]
    """
    return _haipai.shanten_batch(_counts(counts))


def necessary_batch(counts) -> _np.ndarray:
    """The necessary tiles of every row of an ``(N, 34)`` array of closed counts (3n+1
    tiles each), as an ``(N, 34)`` bool array; errors as :func:`shanten_batch`.

    >>> import numpy as np
    >>> row = np.zeros((1, 34), dtype=np.uint8)
    >>> row[0, :11] = 1  # 123456789m12p
    >>> row[0, 27] = 2  # 11z
    >>> [i for i in range(34) if necessary_batch(row)[0, i]]  # 3p
    [11]
    """
    return _haipai.necessary_batch(_counts(counts))
