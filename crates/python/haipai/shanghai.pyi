"""Typed stubs of ``haipai.shanghai``."""

from os import PathLike
from typing import Any, Dict, Optional, Union

LayoutFile = Union[str, bytes, "PathLike[str]"]

def deal(
    layout: Optional[str] = None,
    *,
    seed: int = 0,
    winnable: bool = False,
    rules: str = "standard",
    layout_file: Optional[LayoutFile] = None,
    map: Optional[str] = None,
) -> str: ...
def solve(
    layout: Optional[str] = None,
    *,
    seed: int = 0,
    winnable: bool = False,
    rules: str = "standard",
    deal: Optional[str] = None,
    layout_file: Optional[LayoutFile] = None,
    map: Optional[str] = None,
    budget: Optional[int] = None,
    time_ms: Optional[int] = None,
) -> Dict[str, Any]: ...
def review(
    moves: str = "",
    layout: Optional[str] = None,
    *,
    seed: int = 0,
    winnable: bool = False,
    rules: str = "standard",
    deal: Optional[str] = None,
    layout_file: Optional[LayoutFile] = None,
    map: Optional[str] = None,
    budget: Optional[int] = None,
    time_ms: Optional[int] = None,
) -> Dict[str, Any]: ...
