//! Glossary: the mahjong terms the haipai crates use, each explained once.
//!
//! The crates' documentation uses these words without explaining them again. Japanese terms
//! are given once, with the romanisation the code uses.
//!
//! # Tiles and notation
//!
//! - **Tile kinds**: 34 kinds, four copies each (136 tiles). Three number suits 1-9: manzu
//!   (characters, `m`), pinzu (dots, `p`), souzu (bamboo, `s`); seven honours (`z`): the winds
//!   East, South, West, North (`1z`..`4z`) and the dragons White, Green, Red (`5z`..`7z`).
//!   Terminals are the 1s and 9s; "simples" are 2-8.
//! - **MPSZ notation**: digits followed by their suit letter, `123m456p789s1122z`; `0m` `0p`
//!   `0s` are red fives; honours may also be written `ESWNPFC` or 東南西北白發中. Called melds
//!   follow the closed tiles in brackets: `[789s]` chi, `[555z]` pon, `[5555z]` open kan,
//!   `[5555z*]` closed kan, `[5555z+]` added kan.
//! - **Red five** (赤ドラ, aka dora): one copy of each suit's five, marked red, worth a han.
//! - **Dora** (ドラ): the kind after the **dora indicator** (表示牌) turned over on the dead
//!   wall (after 9 comes 1; North → East; Red → White); each copy held is a han. Every kan
//!   turns over one more indicator (kan dora). **Ura-dora** (裏ドラ): the indicators under them,
//!   counted only for a riichi hand.
//! - **Wall** (山), **turn** (巡目): a player draws once per turn; in one-player mahjong (ev)
//!   17 draws follow the first discard at turn 1. **Unseen tiles**: those not in the hand, not
//!   among the indicators and not otherwise visible: the denominator of every draw.
//! - **Haipai** (配牌): the dealt hand, 13 tiles (14 for the dealer, who draws first).
//!
//! # Hands
//!
//! - **Meld** (面子, mentsu): a sequence (順子, shuntsu: three consecutive tiles of one suit), a
//!   triplet (刻子, koutsu: three of a kind) or a quad (槓子, kantsu: four of a kind, counting
//!   as a triplet plus a replacement draw). **Called** melds are made from another player's
//!   discard: chi (a sequence), pon (a triplet), kan (a quad: **daiminkan** 大明槓, on a
//!   discard); on one's own turn, after a draw, a closed kan (**ankan** 暗槓) is declared from
//!   four tiles held and keeps the hand closed, and an added kan (**kakan** 加槓) puts the
//!   fourth tile on one's pon. Each kan draws a replacement tile (**rinshan** 嶺上) from the dead
//!   wall. **Closed tiles** never include called melds.
//! - **Closed hand** (門前, menzen): no called meld except closed kans. **Open**: any other.
//! - **Pair / head** (雀頭, jantou): the two identical tiles of a regular winning hand.
//! - **Partial shape** (搭子, taatsu): two tiles one draw from a meld: ryanmen (両面, two
//!   consecutive, 23..78, waiting on both sides), penchan (辺張, 12 or 89, one side), kanchan
//!   (嵌張, a gap: 13, 24, ...), or a pair. An **isolated tile** (孤立牌) belongs to no shape.
//! - **Complete hand / win** (和了, agari): 3n+2 closed tiles forming n melds and a pair
//!   (the regular form), or seven pairs (七対子, chiitoitsu: seven different pairs; a quad is
//!   not two pairs), or thirteen orphans (国士無双, kokushi musou: one of each terminal and
//!   honour, one of them doubled). A hand with `m` called melds has `14 - 3m` closed tiles.
//! - **Tsumo** (自摸): winning on one's own draw. **Ron** (栄和): winning on another's discard.
//!
//! # Distance to a win
//!
//! - **Shanten** (向聴数): how many tiles a hand is from being ready: the least number of draws
//!   (each followed by a discard) to a complete hand, minus one. `0` is **tenpai** (聴牌:
//!   ready, one tile from winning), `-1` a complete hand. haipai counts the four-copy limit over
//!   the closed tiles, as the fast published solvers do.
//! - **Necessary tiles** (有効牌, yuukouhai): the draws that lower the shanten of a 3n+1 hand.
//!   **Unnecessary tiles** (不要牌): the discards of a 3n+2 hand that keep its shanten.
//!   **Live count** (受け入れ枚数, ukeire): how many copies of those tiles are still unseen.
//! - **Wait** (待ち, machi): the tiles a tenpai hand wins on, and the shape it waits with:
//!   tanki (単騎, a single tile waiting for its pair), shanpon (双碰, two pairs, one becomes a
//!   triplet), ryanmen, kanchan, penchan (as the partial shapes above); nobetan (延べ単, 4567
//!   waiting on 4 or 7) and sanmenchan (三面張, 23456 waiting on 1, 4 or 7) are several of
//!   those at once. **Karaten** (空聴): waiting only on tiles the hand already holds all four
//!   of, so it can never win.
//! - **何切る** (nanikiru, "what to discard"): the question of the best discard from 14 tiles.
//!   **Hand change** (手変わり) replaces a kept tile for a better shape at the same shanten;
//!   **shanten-back** (向聴戻し) discards to a higher shanten for a better hand later.
//!
//! # Scoring
//!
//! - **Yaku** (役): a pattern or condition a winning hand needs at least one of; each is worth
//!   **han** (翻, doublings). **Yakuman** (役満): the limit hands (13 han each, some double).
//!   Dora are han but not yaku.
//! - **Fu** (符): the minipoints of a hand's shape (20 base, triplets, waits, how it was won),
//!   rounded up to 10 (seven pairs: 25). Han and fu give the points, up to fixed limits:
//!   mangan (満貫: 5 han, or fewer han whose points would pass it), haneman (6-7 han), baiman
//!   (8-10), sanbaiman (11-12), yakuman. **Kiriage mangan**: 4 han 30 fu and 3 han 60 fu
//!   rounded up to mangan (a rule option). **Kazoe yakuman**: 13 or more counted han are a
//!   yakuman (a rule option).
//! - **Riichi** (立直): a closed tenpai hand's declaration, one han, after which the hand may
//!   not change; **double riichi** on the first turn; **dama** (黙聴): staying tenpai without
//!   declaring. **Ippatsu** (一発): winning within one turn of riichi. **Haitei** / **houtei**:
//!   winning on the last draw / the last discard. **Rinshan kaihou** (嶺上開花): winning on a
//!   kan's replacement tile. **Chankan** (搶槓): ron on a tile added to a kan. **Tenhou**
//!   (天和): the dealer's 14 dealt tiles are complete; **chiihou** (地和): a non-dealer's first
//!   draw completes the hand. **Kuitan**: tanyao (all simples) on an open hand (a rule option).
//! - **Dealer** (親, oya): the East seat; a dealer's win is worth 1.5 times as much.
//!   **Seat wind** / **round wind**: the player's and the round's wind; a triplet of either is
//!   a yaku (yakuhai), a pair of one is worth fu. **Honba** (本場): counters adding 300 points
//!   a win; **riichi sticks**: 1000 points each, to the winner.
//! - **Sanma** (三麻): three-player mahjong, with 2m-8m removed (108 tiles).
//!
//! # Shanghai (mahjong solitaire)
//!
//! - **Layout**: the slots tiles are stacked in (the Turtle: 144 slots in five layers);
//!   a **deal** puts a face on every slot. A tile is **free** when nothing lies on it and one
//!   of its sides, left or right, is open; a move removes two free tiles of matching faces (any two
//!   flowers, any two seasons match). A position is **winnable** when some order of moves
//!   clears the board; a **stalemate** (詰み) pattern can never be cleared.
//!   **感想戦** (kansousen, "review"): every legal move of a position, each classified by
//!   whether the board stays winnable after it.
//!
//! # The source documents
//!
//! haipai started from five Japanese articles, cited as **document 000** (a DFS shanten
//! calculator), **001** (one-player expected value, 何切る), **002** (Shanghai stalemate
//! detection), **003** (the exact probability of tenhou) and **004** (the waits of one-suit
//! hands, chinitsu). `cargo xtask verify` in the repository reproduces their examples and says
//! where a document errs.
