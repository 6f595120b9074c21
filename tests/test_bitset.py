"""The compiled bit-mask kernels (translator/_bitset.c) give what the Python loops give, on any mask."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzleplan.translator import bitset

MASKS = st.integers(min_value=0, max_value=(1 << 9000) - 1)  # past the kernels' stack buffers (4,096 bits)
SMALL = st.integers(min_value=0, max_value=(1 << 700) - 1)

compiled = pytest.mark.skipif(bitset.bits is bitset.bits_loop, reason="built without a compiler")


@compiled
@settings(max_examples=300, derandomize=True, deadline=None)
@given(MASKS)
def test_bits_are_the_loops(mask: int) -> None:
    assert bitset.bits(mask) == bitset.bits_loop(mask)


@compiled
@settings(max_examples=300, derandomize=True, deadline=None)
@given(seed=SMALL, area=SMALL, width=st.integers(min_value=1, max_value=200))
def test_a_flood_is_the_loops(seed: int, area: int, width: int) -> None:
    """Any seed (bits outside the area too) and width, word boundaries and shifts past a word included."""
    assert bitset.flood(seed, area, width) == bitset.flood_loop(seed, area, width)


@compiled
@settings(max_examples=300, derandomize=True, deadline=None)
@given(seed=SMALL, area=SMALL, width=st.integers(min_value=1, max_value=200))
def test_a_flood_with_diagonals_is_the_loops(seed: int, area: int, width: int) -> None:
    assert bitset.flood8(seed, area, width) == bitset.flood8_loop(seed, area, width)


@compiled
@settings(max_examples=40, derandomize=True, deadline=None)
@given(seed=MASKS, area=MASKS, width=st.integers(min_value=1, max_value=100))
def test_a_flood_of_a_large_area_is_the_loops(seed: int, area: int, width: int) -> None:
    assert bitset.flood(seed, area, width) == bitset.flood_loop(seed, area, width)
    assert bitset.flood8(seed, area, width) == bitset.flood8_loop(seed, area, width)


@compiled
def test_a_negative_mask_is_refused() -> None:
    with pytest.raises(ValueError):
        bitset.bits(-1)
    with pytest.raises(ValueError):
        bitset.flood(1, -1, 3)
    with pytest.raises(ValueError):
        bitset.flood8(1, 3, 0)
    with pytest.raises(TypeError):
        bitset.bits(1.5)  # type: ignore[arg-type]
