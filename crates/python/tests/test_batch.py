"""The NumPy batches equal the functions hand by hand; bad arrays raise `HandError`."""

import numpy as np
import pytest

import haipai
from test_hand import mpsz, seeded_hands


def rows(count, seed):
    return np.array(seeded_hands(count, seed), dtype=np.uint8)


def test_shanten_batch_equals_hand_by_hand():
    counts = rows(5_000, 11)
    out = haipai.shanten_batch(counts)
    assert out.dtype == np.int8 and out.shape == (5_000,)
    assert out.tolist() == [haipai.shanten(mpsz(r)) for r in counts.tolist()]


def test_necessary_batch_equals_hand_by_hand():
    counts = rows(2_000, 12)
    counts = counts[counts.sum(axis=1) == 13]
    out = haipai.necessary_batch(counts)
    assert out.dtype == np.bool_ and out.shape == (len(counts), 34)
    from test_hand import KINDS

    for row, flags in zip(counts.tolist(), out):
        assert [KINDS[k] for k in np.nonzero(flags)[0]] == haipai.necessary_tiles(mpsz(row))[1]


def test_batches_take_other_integer_arrays_and_views():
    counts = rows(100, 13)
    want = haipai.shanten_batch(counts)
    assert haipai.shanten_batch(counts.astype(np.int64)).tolist() == want.tolist()
    assert haipai.shanten_batch(np.asfortranarray(counts)).tolist() == want.tolist()
    assert haipai.shanten_batch(counts[::2]).tolist() == want[::2].tolist()
    assert haipai.shanten_batch(counts.tolist()).tolist() == want.tolist()
    assert haipai.shanten_batch(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


def test_bad_arrays_raise_hand_error():
    good = rows(3, 14)
    with pytest.raises(haipai.HandError, match=r"shape \(3, 33\)"):
        haipai.shanten_batch(good[:, :33])
    with pytest.raises(haipai.HandError, match="shape"):
        haipai.shanten_batch(good[0])
    with pytest.raises(haipai.HandError, match="whole numbers"):
        haipai.shanten_batch(good.astype(np.float64))
    with pytest.raises(haipai.HandError, match="0 to 4"):
        haipai.shanten_batch(good.astype(np.int64) - 1)
    fifth = good.copy()
    fifth[1] = 0
    fifth[1, 0] = 5
    fifth[1, 1:10] = 1
    with pytest.raises(haipai.HandError, match="row 1: ") as caught:
        haipai.shanten_batch(fifth)
    assert caught.value.row == 1
    big = good.copy()
    big[2, :] = 1
    with pytest.raises(haipai.HandError, match="row 2: .*got 34"):
        haipai.shanten_batch(big)
    fourteen = good[good.sum(axis=1) == 14]
    with pytest.raises(haipai.HandError, match="row 0: "):
        haipai.necessary_batch(fourteen)
