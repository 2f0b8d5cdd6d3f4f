//! Seeded self-play games: the fixtures of the round-trip and fuzz tests. A wall is shuffled
//! from the seed (`haipai_tiles::Rng`), and the seats play plausible moves: tsumogiri and hand
//! discards, riichi when a discard leaves the closed hand tenpai, chi, pon, daiminkan, ankan
//! and kakan (with their kan dora shown where they become visible), kita in sanma, wins only
//! where the hand is complete (`haipai_decompose::is_winning_shape`), double ron, chankan,
//! kyuushu kyuuhai, four riichi and exhaustive draws.

#![allow(dead_code)]

use haipai_decompose::is_winning_shape;
use haipai_log::{CallKind, DrawKind, Event, Game, Length, LogTile, Round, Setup, Win};
use haipai_tiles::rng::Rng;
use haipai_tiles::{PhysicalTile, Tile, Wind};

/// A discard policy: the tile to throw from a hand of 14 (or 11, 8, 5, 2) tiles.
pub type Choose = fn(&[LogTile]) -> LogTile;

/// A seeded game of `players` (3 or 4) and `rounds` rounds.
pub fn game(seed: u64, players: u8, rounds: usize) -> Game {
    game_by(seed, players, rounds, None)
}

/// [`game`] with the seats' discards (outside riichi) chosen by `choose` instead of at random;
/// everything else (the wall, calls, riichi, wins) as in [`game`].
pub fn game_by(seed: u64, players: u8, rounds: usize, choose: Option<Choose>) -> Game {
    let mut rng = Rng::new(seed);
    let red_fives = rng.below(4) != 0;
    let names = ["Ａさん", "B-san", "C&D <x>", "d"].map(String::from);
    let mut names = names;
    if players == 3 {
        names[3] = String::new();
    }
    let setup = Setup {
        players,
        red_fives,
        length: Some(Length::Hanchan),
        lobby: Some("般南喰赤".into()),
        title: Some("self-play".into()),
        site: None,
    };
    let mut game = Game { setup, names, ..Game::default() };
    let (mut kyoku, mut honba, mut sticks) = (0usize, 0u32, 0u32);
    let mut scores = if players == 3 { [35000, 35000, 35000, 0] } else { [25000; 4] };
    for _ in 0..rounds {
        let wind = Wind::ALL[kyoku / players as usize % 4];
        let hand = (kyoku % players as usize + 1) as u8;
        let round = play(&mut rng, (players, choose), red_fives, wind, hand, honba, sticks, scores);
        let dealer_won = round.wins().any(|w| w.seat == hand - 1);
        let drawn = round.wins().next().is_none();
        for (s, d) in scores.iter_mut().zip(round.deltas()) {
            *s += d;
        }
        let riichi = round.events.iter().filter(|e| matches!(e, Event::Discard { riichi: true, .. })).count() as u32;
        for e in &round.events {
            if let Event::Discard { seat, riichi: true, .. } = e {
                scores[*seat as usize] -= 1000;
            }
        }
        sticks = if drawn { sticks + riichi } else { 0 };
        honba = if dealer_won || drawn { honba + 1 } else { 0 };
        if !dealer_won && !drawn || round.wins().next().is_none() && rng.below(2) == 0 {
            kyoku += 1;
        }
        game.rounds.push(round);
    }
    game
}

fn log_tile(p: PhysicalTile, red_fives: bool) -> LogTile {
    LogTile { tile: p.kind(), red: red_fives && p.is_red() }
}

fn counts(tiles: &[LogTile]) -> [u8; 34] {
    let mut c = [0u8; 34];
    for t in tiles {
        c[t.tile.index()] += 1;
    }
    c
}

fn complete(tiles: &[LogTile]) -> bool {
    tiles.len() % 3 == 2 && is_winning_shape(&counts(tiles))
}

fn tenpai(tiles: &[LogTile]) -> bool {
    Tile::all().any(|t| {
        let mut more = tiles.to_vec();
        more.push(LogTile::plain(t));
        complete(&more)
    })
}

struct Play<'a> {
    rng: &'a mut Rng,
    players: u8,
    choose: Option<Choose>,
    live: Vec<LogTile>,
    dead: Vec<LogTile>,
    rinshan_used: usize,
    shown: usize,
    hands: [Vec<LogTile>; 4],
    pons: [Vec<Tile>; 4],
    open: [bool; 4],
    riichi: [bool; 4],
    kans: usize,
    pending_dora: Option<u8>,
    events: Vec<Event>,
    scores: [i32; 4],
}

#[allow(clippy::too_many_arguments)]
fn play(
    rng: &mut Rng,
    (players, choose): (u8, Option<Choose>),
    red: bool,
    wind: Wind,
    hand: u8,
    honba: u32,
    sticks: u32,
    scores: [i32; 4],
) -> Round {
    let mut wall: Vec<PhysicalTile> = (0..136)
        .filter_map(PhysicalTile::new)
        .filter(|p| players == 4 || !(1..=7).contains(&p.kind().index()))
        .collect();
    rng.shuffle(&mut wall);
    let mut tiles: Vec<LogTile> = wall.into_iter().map(|p| log_tile(p, red)).collect();
    let dead = tiles.split_off(tiles.len() - 14);
    let mut dealt: [Vec<LogTile>; 4] = Default::default();
    for d in dealt.iter_mut().take(players as usize) {
        *d = tiles.drain(..13).collect();
    }
    let mut p = Play {
        rng,
        players,
        choose,
        live: tiles,
        dead,
        rinshan_used: 0,
        shown: 1,
        hands: dealt.clone(),
        pons: Default::default(),
        open: [false; 4],
        riichi: [false; 4],
        kans: 0,
        pending_dora: None,
        events: Vec::new(),
        scores,
    };
    p.run(hand - 1);
    Round { wind, hand, honba, sticks, scores, dealt, dora: p.dead[0], events: p.events }
}

enum Step {
    Draw { rinshan: bool },
    Discard,
}

impl Play<'_> {
    fn chance(&mut self, percent: u64) -> bool {
        self.rng.below(100) < percent
    }

    fn remove(&mut self, seat: u8, tile: LogTile) {
        let hand = &mut self.hands[seat as usize];
        let at = hand.iter().position(|&t| t == tile).expect("the tile is held");
        hand.remove(at);
    }

    fn show_dora(&mut self) {
        self.shown += 1;
        self.events.push(Event::Dora { indicator: self.dead[self.shown - 1] });
    }

    fn flush_dora(&mut self) {
        if self.pending_dora.take().is_some() {
            self.show_dora();
        }
    }

    fn run(&mut self, dealer: u8) {
        let mut seat = dealer;
        let mut step = Step::Draw { rinshan: false };
        let mut draws = [0u32; 4];
        loop {
            if let Step::Draw { rinshan } = step {
                let tile = if rinshan {
                    self.rinshan_used += 1;
                    self.live.pop();
                    self.dead[4 + self.rinshan_used]
                } else {
                    self.live.remove(0)
                };
                self.hands[seat as usize].push(tile);
                self.events.push(Event::Draw { seat, tile, rinshan });
                draws[seat as usize] += 1;
                if self.own_turn(seat, tile, draws[seat as usize] == 1) {
                    return;
                }
                if matches!(
                    self.events.last(),
                    Some(Event::Ankan { .. } | Event::Kakan { .. } | Event::Kita { .. }) | Some(Event::Dora { .. })
                ) {
                    step = Step::Draw { rinshan: true };
                    continue;
                }
            }
            let drawn = match step {
                Step::Draw { .. } => self.hands[seat as usize].last().copied(),
                Step::Discard => None,
            };
            let tile = self.discard(seat, drawn);
            match self.after_discard(seat, tile) {
                None => return,
                Some((next, next_step)) => {
                    seat = next;
                    step = next_step;
                }
            }
        }
    }

    /// A win, a kan, a kita or an abortive draw on the seat's own turn; true when the round ends.
    fn own_turn(&mut self, seat: u8, drawn: LogTile, first: bool) -> bool {
        let s = seat as usize;
        if complete(&self.hands[s]) && self.chance(90) {
            self.win(seat, seat, drawn);
            return true;
        }
        let kinds = self.hands[s]
            .iter()
            .filter(|t| t.tile.is_terminal_or_honour())
            .map(|t| t.tile)
            .collect::<std::collections::BTreeSet<_>>();
        if first && !self.open.iter().any(|&o| o) && kinds.len() >= 9 && self.chance(50) {
            self.events.push(Event::Ryuukyoku { kind: DrawKind::KyuushuKyuuhai, deltas: [0; 4] });
            return true;
        }
        if self.live.is_empty() || self.kans >= 4 {
            return false;
        }
        if self.players == 3 && drawn.tile == Tile::NORTH && self.chance(70) {
            self.remove(seat, drawn);
            self.events.push(Event::Kita { seat, tile: drawn });
            return false;
        }
        if self.riichi[s] {
            return false;
        }
        let mut quad: Vec<LogTile> = self.hands[s].iter().copied().filter(|t| t.tile == drawn.tile).collect();
        quad.sort();
        if quad.len() == 4 && self.chance(60) {
            for &t in &quad {
                self.remove(seat, t);
            }
            self.flush_dora();
            self.kans += 1;
            self.events.push(Event::Ankan { seat, tiles: [quad[0], quad[1], quad[2], quad[3]] });
            self.show_dora();
            return false;
        }
        if self.pons[s].contains(&drawn.tile) && self.chance(70) {
            self.remove(seat, drawn);
            self.pons[s].retain(|&t| t != drawn.tile);
            self.flush_dora();
            self.kans += 1;
            self.events.push(Event::Kakan { seat, tile: drawn });
            let robbers = self.ron_seats(seat, drawn);
            if !robbers.is_empty() {
                for r in robbers {
                    self.win(r, seat, drawn);
                }
                return true;
            }
            self.pending_dora = Some(seat);
        }
        false
    }

    /// Picks and plays a discard (with riichi when it leaves a closed hand tenpai).
    fn discard(&mut self, seat: u8, drawn: Option<LogTile>) -> LogTile {
        let s = seat as usize;
        let hand = self.hands[s].clone();
        let (tile, tsumogiri) = match (drawn, self.choose) {
            (Some(d), _) if self.riichi[s] => (d, true),
            (_, Some(choose)) => {
                let t = choose(&hand);
                (t, drawn == Some(t) && hand.iter().filter(|&&u| u == t).count() == 1)
            }
            (Some(d), None) if self.chance(35) => (d, true),
            _ => {
                let lonely: Vec<LogTile> = hand
                    .iter()
                    .copied()
                    .filter(|t| t.tile.is_terminal_or_honour() && hand.iter().filter(|u| u.tile == t.tile).count() == 1)
                    .collect();
                let pool = if lonely.is_empty() || self.chance(30) { &hand } else { &lonely };
                let t = pool[self.rng.index(pool.len())];
                // the drawn tile chosen from the hand's slot is a tsumogiri only if no copy is held
                (t, drawn == Some(t) && hand.iter().filter(|&&u| u == t).count() == 1)
            }
        };
        self.remove(seat, tile);
        let closed = !self.open[s];
        let riichi = closed
            && !self.riichi[s]
            && self.scores[s] >= 1000
            && self.live.len() >= 4
            && tenpai(&self.hands[s])
            && self.chance(70);
        self.riichi[s] |= riichi;
        self.events.push(Event::Discard { seat, tile, tsumogiri, riichi });
        if self.pending_dora == Some(seat) {
            self.flush_dora();
        }
        tile
    }

    fn ron_seats(&mut self, from: u8, tile: LogTile) -> Vec<u8> {
        let mut out = Vec::new();
        for o in (0..self.players).filter(|&o| o != from) {
            let mut h = self.hands[o as usize].clone();
            h.push(tile);
            if complete(&h) && self.chance(80) {
                out.push(o);
            }
        }
        out
    }

    /// Ron, riichi sticks, draws and calls after a discard: the next seat and step, or none.
    fn after_discard(&mut self, seat: u8, tile: LogTile) -> Option<(u8, Step)> {
        let winners = self.ron_seats(seat, tile);
        if !winners.is_empty() {
            for w in winners {
                self.win(w, seat, tile);
            }
            return None;
        }
        if let Some(Event::Discard { riichi: true, .. }) = self.events.last() {
            self.scores[seat as usize] -= 1000;
            if self.players == 4 && self.riichi.iter().all(|&r| r) {
                self.events.push(Event::Ryuukyoku { kind: DrawKind::FourRiichi, deltas: [0; 4] });
                return None;
            }
        }
        if self.live.is_empty() {
            self.events.push(Event::Ryuukyoku { kind: DrawKind::Exhaustive, deltas: [0; 4] });
            return None;
        }
        if let Some(next) = self.call(seat, tile) {
            return Some(next);
        }
        Some(((seat + 1) % self.players, Step::Draw { rinshan: false }))
    }

    fn call(&mut self, from: u8, tile: LogTile) -> Option<(u8, Step)> {
        let riichi = self.riichi;
        for o in (0..self.players).filter(|&o| o != from && !riichi[o as usize]) {
            let same: Vec<LogTile> = self.hands[o as usize].iter().copied().filter(|t| t.tile == tile.tile).collect();
            if same.len() == 3 && self.kans < 4 && self.chance(50) {
                return Some(self.make_call(o, from, CallKind::Daiminkan, tile, same));
            }
            if same.len() >= 2 && self.chance(30) {
                return Some(self.make_call(o, from, CallKind::Pon, tile, same[..2].to_vec()));
            }
        }
        let next = (from + 1) % self.players;
        if self.players == 4 && !self.riichi[next as usize] && !tile.tile.is_honour() && self.chance(25) {
            let n = tile.tile.number() as i32;
            for (a, b) in [(-2, -1), (-1, 1), (1, 2)] {
                if !(1..=9).contains(&(n + a)) || !(1..=9).contains(&(n + b)) {
                    continue;
                }
                let find = |d: i32| {
                    let kind = Tile::new((tile.tile.index() as i32 + d) as usize)?;
                    self.hands[next as usize].iter().copied().find(|t| t.tile == kind)
                };
                if let (Some(x), Some(y)) = (find(a), find(b)) {
                    return Some(self.make_call(next, from, CallKind::Chi, tile, vec![x, y]));
                }
            }
        }
        None
    }

    fn make_call(&mut self, seat: u8, from: u8, kind: CallKind, tile: LogTile, mut own: Vec<LogTile>) -> (u8, Step) {
        own.sort();
        for &t in &own {
            self.remove(seat, t);
        }
        self.open[seat as usize] = true;
        let step = match kind {
            CallKind::Daiminkan => {
                self.flush_dora();
                self.kans += 1;
                self.pending_dora = Some(seat);
                Step::Draw { rinshan: true }
            }
            CallKind::Pon => {
                self.pons[seat as usize].push(tile.tile);
                Step::Discard
            }
            CallKind::Chi => Step::Discard,
        };
        self.events.push(Event::Call { seat, from, kind, tile, own });
        (seat, step)
    }

    fn win(&mut self, seat: u8, from: u8, tile: LogTile) {
        let mut hand = self.hands[seat as usize].clone();
        if seat != from {
            hand.push(tile);
        }
        hand.sort();
        let han = 1 + self.rng.below(4) as u32;
        let payers = u32::from(self.players) - 1;
        let each = 100 * (10 * han / payers).max(1);
        let points = if seat == from { each * payers } else { 1000 * han };
        let mut deltas = [0i32; 4];
        if seat == from {
            for p in (0..self.players).filter(|&p| p != seat) {
                deltas[p as usize] -= each as i32;
            }
        } else {
            deltas[from as usize] -= points as i32;
        }
        deltas[seat as usize] += points as i32;
        let ura = if self.riichi[seat as usize] { self.dead[9..9 + self.shown.min(5)].to_vec() } else { Vec::new() };
        self.events.push(Event::Win(Win {
            seat,
            from,
            hand,
            tile,
            han: Some(han),
            fu: Some(30),
            points: Some(points),
            ura,
            deltas,
        }));
    }
}
