"""Typed stubs of the extension module ``haipai._haipai`` (re-exported by ``haipai``)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

class HaipaiError(ValueError): ...

class HandError(HaipaiError):
    column: Optional[int]
    row: int

class ScoreError(HaipaiError): ...
class EvError(HaipaiError): ...
class LogError(HaipaiError): ...
class ShanghaiError(HaipaiError): ...

class Hand:
    @staticmethod
    def parse(text: str, *, any_size: bool = False) -> Hand: ...
    @property
    def counts(self) -> List[int]: ...
    @property
    def melds(self) -> List[str]: ...
    @property
    def is_closed(self) -> bool: ...
    @property
    def red_fives(self) -> Tuple[int, int, int]: ...
    @property
    def closed_red_fives(self) -> Tuple[int, int, int]: ...
    def __len__(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

HandLike = Union[str, Hand]
LayoutFile = Union[str, bytes, "PathLike[str]"]
Tiles = Union[str, Sequence[str]]
Record = Dict[str, Any]

def shanten(hand: HandLike, *, sanma: bool = False) -> int: ...
def shanten_regular(hand: HandLike, *, sanma: bool = False) -> int: ...
def shanten_seven_pairs(hand: HandLike, *, sanma: bool = False) -> Optional[int]: ...
def shanten_thirteen_orphans(hand: HandLike, *, sanma: bool = False) -> Optional[int]: ...
def necessary_tiles(hand: HandLike, *, sanma: bool = False) -> Tuple[int, List[str]]: ...
def unnecessary_tiles(hand: HandLike, *, sanma: bool = False) -> Tuple[int, List[str]]: ...
def waits(hand: HandLike, *, karaten: bool = False, seven_pairs: bool = True) -> Record: ...
def shanten_batch(counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.int8]: ...
def necessary_batch(counts: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]: ...
def score(
    hand: HandLike,
    win: str,
    *,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    seat: str = "E",
    round: str = "E",
    dora_indicators: Sequence[str] = (),
    ura_indicators: Sequence[str] = (),
    honba: int = 0,
    sticks: int = 0,
    rules: str = "default",
    kuitan: Optional[bool] = None,
    aka_dora: Optional[bool] = None,
    kiriage: Optional[bool] = None,
    kazoe_yakuman: Optional[bool] = None,
    double_yakuman: Optional[bool] = None,
    double_wind_pair_fu: Optional[int] = None,
) -> Record: ...
def ev(
    hand: HandLike,
    *,
    turn: int = 1,
    seat: str = "E",
    round: str = "E",
    dora_indicators: Sequence[str] = (),
    visible: Optional[Tiles] = None,
    discards: Optional[Tiles] = None,
    model: str = "full",
    rules: str = "default",
    objective: Optional[str] = None,
    riichi: Optional[str] = None,
    budget: Optional[int] = None,
    max_states: Optional[int] = None,
    top: Optional[int] = None,
    ura_dora: bool = True,
    ippatsu: bool = True,
    double_riichi: bool = True,
    haitei: bool = True,
    red_fives: bool = True,
    dora: bool = True,
    menzen_tsumo: bool = True,
    may_decline: bool = False,
) -> Record: ...
def review(
    log: Union[str, bytes, "PathLike[str]"],
    *,
    player: Union[int, str, None] = None,
    rules: Optional[str] = None,
    max_states: Optional[int] = None,
) -> List[Record]: ...
def odds(what: str, *, tiles: Optional[int] = None, sanma: bool = False, red: bool = False) -> Record: ...

class _Shanghai:
    @staticmethod
    def deal(
        layout: Optional[str] = None,
        *,
        seed: int = 0,
        winnable: bool = False,
        rules: str = "standard",
        layout_file: Optional[LayoutFile] = None,
        map: Optional[str] = None,
    ) -> str: ...
    @staticmethod
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
    ) -> Record: ...
    @staticmethod
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
    ) -> Record: ...

shanghai: _Shanghai
