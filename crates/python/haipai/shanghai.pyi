"""Typed stubs of ``haipai.shanghai``."""

from typing import Any, Dict, Optional

def deal(layout: str = "turtle", *, seed: int = 0, winnable: bool = False, rules: str = "standard") -> str: ...
def solve(
    layout: str = "turtle",
    *,
    seed: int = 0,
    winnable: bool = False,
    rules: str = "standard",
    deal: Optional[str] = None,
    budget: Optional[int] = None,
    time_ms: Optional[int] = None,
) -> Dict[str, Any]: ...
def review(
    moves: str = "",
    layout: str = "turtle",
    *,
    seed: int = 0,
    winnable: bool = False,
    rules: str = "standard",
    deal: Optional[str] = None,
    budget: Optional[int] = None,
    time_ms: Optional[int] = None,
) -> Dict[str, Any]: ...
