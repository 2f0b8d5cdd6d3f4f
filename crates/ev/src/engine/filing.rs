//! The listing on two threads ([`Solver::list_on_two_threads`]). This thread lists as ever:
//! the 13-tile hands' draws, the 14-tile hands they find (the 14-tile lookup table, the
//! oracle's shanten-keeping discards, the win points). A second thread, the filing thread
//! ([`Filer`]), takes every discard of a new 14-tile hand: it looks the 13-tile hand it leaves
//! up in the 13-tile lookup table, numbers a new one (and asks the oracle for its necessary
//! tiles), and pushes the option. It files the discards in the order this thread asked, in
//! batches, and answers each batch with the hands it found new: so the hands, states,
//! options and riichi states are numbered exactly as by one thread, and the values cannot
//! tell the two apart.
//!
//! Each lookup of a large listing is a cache miss; so the two tables' misses wait on two
//! cores. Below [`TWO_THREADS_FROM`] states the listing stays on one thread (a thread costs
//! more than a small listing), and on one where rayon's pool has one thread.

use super::keys::{Entry13, Index, Key, find, insert_new, unpack};
use super::question::red_mask_of_key;
use super::records::{Found13, HAND, Opt, WITH_RIICHI};
use super::variants::variants;
use super::{Solver, TooManyStates};
use crate::oracle::Oracle;
use haipai_shanten::Memo;
use std::sync::mpsc::{Receiver, Sender, channel};

/// The listing moves to two threads once it has numbered this many states.
pub(super) const TWO_THREADS_FROM: usize = 1 << 16;

/// The discards asked in one batch (a batch is sent sooner when this thread runs out of
/// hands to expand).
const BATCH: usize = 4096;

/// Batches sent and not yet answered, at most: this thread waits for the filing thread past
/// it (the asks waiting stay a few megabytes).
const AHEAD: usize = 64;

/// What a discard of a new 14-tile hand asks of the filing thread: the option into the
/// 13-tile hand it leaves, with `info`'s red bit it clears and whether it declares riichi
/// ([`WITH_RIICHI`]).
pub(super) enum Ask {
    /// The hand of this key (holding `used` tiles the input does not), looked up or numbered.
    Find { key: Key, used: u8, info: u32 },
    /// A hand this thread knows (throwing the drawn tile back leaves the parent).
    Known { found: Found13, info: u32 },
}

/// This thread's side of the listing on two threads: the batch being asked, and the option
/// pool's length as the filing thread will have it (a 14-tile hand's options start there).
pub(super) struct Pipe {
    pub(super) asks: Vec<Ask>,
    pub(super) options: u32,
}

/// A 13-tile hand the filing thread numbered: its key without red bits, the tiles it holds
/// that the input does not, where its states are, and its [`Oracle::necessary`] answer.
struct NewHand {
    plain: u128,
    used: u8,
    found: Found13,
    necessary: (i8, u64),
}

/// The filing thread's answer to a batch: the hands it numbered (in order), the hands whose
/// riichi states an option asked for (in order), and the batch's memory for the next one.
struct Reply {
    hands: Vec<NewHand>,
    riichi: Vec<u32>,
    asks: Vec<Ask>,
}

/// The filing thread: the 13-tile lookup table, the option pool and the count of 13-tile
/// hands and states, while the listing is on two threads.
struct Filer<'a, O: Oracle> {
    oracle: &'a O,
    red_suits: u8,
    index13: Index<Entry13>,
    option_pool: Vec<Opt>,
    hands: u32,
    states13: u32,
    memo: Memo,
}

impl<O: Oracle> Filer<'_, O> {
    /// Files each batch received and answers it, until this thread hangs up.
    fn run(mut self, asks: Receiver<Vec<Ask>>, replies: Sender<Reply>) -> Self {
        for batch in asks {
            let reply = self.file(batch);
            if replies.send(reply).is_err() {
                break;
            }
        }
        self
    }

    /// Files one batch: each ask's option pushed, the new hands and the riichi asked listed.
    fn file(&mut self, mut batch: Vec<Ask>) -> Reply {
        let (mut hands, mut riichi) = (Vec::new(), Vec::new());
        for ask in batch.drain(..) {
            let (found, info) = match ask {
                Ask::Known { found, info } => (found, info),
                Ask::Find { key, used, info } => (self.hand13(key, used, &mut hands), info),
            };
            if info & WITH_RIICHI != 0 {
                riichi.push(found.hand);
            }
            self.option_pool.push(Opt { state: found.base, info: found.hand | u32::from(found.mask) << 26 | info });
        }
        Reply { hands, riichi, asks: batch }
    }

    /// The 13-tile hand of `key`, numbered (and pushed to `new`) when the table does not
    /// hold it: what [`Solver::hand13`] does on one thread.
    fn hand13(&mut self, key: Key, used: u8, new: &mut Vec<NewHand>) -> Found13 {
        let hash = key.hash();
        if let Some(entry) = find(&self.index13, key, hash) {
            return entry.found();
        }
        assert!(self.hands <= HAND, "more than 2^26 13-tile hands");
        let plain = key.plain();
        let mask = red_mask_of_key(plain, self.red_suits);
        let found = Found13 { hand: self.hands, base: self.states13, mask };
        self.hands += 1;
        self.states13 += variants(mask) as u32;
        insert_new(&mut self.index13, key, hash, Entry13::new(found));
        let necessary = self.oracle.necessary_with(&mut self.memo, &unpack(plain).0);
        new.push(NewHand { plain, used, found, necessary });
        found
    }
}

impl<O: Oracle> Solver<'_, O> {
    /// Whether the listing goes on on two threads: large enough, and rayon's pool has two
    /// threads or more (a program held to one thread, `RAYON_NUM_THREADS=1`, lists on one).
    pub(super) fn lists_on_two_threads(&self) -> bool {
        (self.states13 + self.states14) as usize >= self.two_threads_from && rayon::current_num_threads() > 1
    }

    /// The listing's loop ([`Solver::list`]) from here to its end, or until more than `cap`
    /// states are numbered, with the discards filed on a second thread (see the module);
    /// `None` when no thread could be started (the listing then goes on on this one).
    /// Cut off at its cap, the listing ends between two batches, each answered, and resumes
    /// on one thread or two as if it had not been cut off.
    pub(super) fn list_on_two_threads(&mut self, cap: usize) -> Option<Result<(), TooManyStates>> {
        let options = self.option_pool.len() as u32;
        let filer = Filer {
            oracle: self.q.o,
            red_suits: self.q.red_suits,
            index13: std::mem::take(&mut self.tables.index13),
            option_pool: std::mem::take(&mut self.option_pool),
            hands: self.hands13.len() as u32,
            states13: self.states13,
            memo: Memo::new(),
        };
        let filed = std::thread::scope(|scope| {
            // The tables go to the thread once it runs: a thread that cannot be started
            // leaves them here.
            let (hand_over, handed) = channel();
            let (ask, asked) = channel();
            let (reply, replies) = channel();
            let thread = std::thread::Builder::new().name("haipai-ev-filing".to_string());
            let run = move || handed.recv().ok().map(|filer: Filer<'_, O>| filer.run(asked, reply));
            let Ok(filing) = thread.spawn_scoped(scope, run) else { return Err(filer) };
            if let Err(unsent) = hand_over.send(filer) {
                return Err(unsent.0);
            }
            self.pipe = Some(Pipe { asks: Vec::with_capacity(BATCH), options });
            self.drive(&ask, &replies, cap);
            drop(ask);
            let filer = filing.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            Ok(filer.expect("the filing thread was handed its tables"))
        });
        self.pipe = None;
        let (filer, started) = match filed {
            Ok(filer) => (filer, true),
            Err(filer) => (filer, false),
        };
        self.tables.index13 = filer.index13;
        self.option_pool = filer.option_pool;
        debug_assert_eq!(filer.states13, self.states13);
        debug_assert_eq!(filer.hands as usize, self.hands13.len());
        if !started {
            self.two_threads_from = usize::MAX;
            return None;
        }
        Some(if (self.states13 + self.states14) as usize > cap { Err(TooManyStates) } else { Ok(()) })
    }

    /// This thread's loop: expands the hands it knows, sends the asks in batches, takes in
    /// the answers; ends when every hand is expanded and every batch answered, or, once more
    /// than `cap` states are numbered, when every batch sent is answered.
    fn drive(&mut self, ask: &Sender<Vec<Ask>>, replies: &Receiver<Reply>, cap: usize) {
        let (mut waiting, mut spare) = (0usize, Vec::new());
        loop {
            let over = (self.states13 + self.states14) as usize > cap;
            if self.expanded < self.hands13.len() && !over && waiting < AHEAD {
                self.expand_next();
                if self.asked() < BATCH {
                    continue;
                }
            } else if self.asked() == 0 {
                if waiting == 0 {
                    return;
                }
                // Nothing to expand or send: wait for an answer (none when the filing
                // thread failed: its panic is raised when it is joined).
                let Ok(answer) = replies.recv() else { return };
                self.take_in(answer, &mut spare);
                waiting -= 1;
                continue;
            }
            let next = spare.pop().unwrap_or_else(|| Vec::with_capacity(BATCH));
            let pipe = self.pipe.as_mut().expect("the listing is on two threads");
            if ask.send(std::mem::replace(&mut pipe.asks, next)).is_err() {
                return;
            }
            waiting += 1;
            while let Ok(answer) = replies.try_recv() {
                self.take_in(answer, &mut spare);
                waiting -= 1;
            }
        }
    }

    /// The discards of the batch being asked.
    fn asked(&self) -> usize {
        self.pipe.as_ref().map_or(0, |pipe| pipe.asks.len())
    }

    /// Takes in the filing thread's answer to a batch: its new hands recorded, the riichi
    /// states asked for numbered (in the order asked, as one thread numbers them).
    fn take_in(&mut self, answer: Reply, spare: &mut Vec<Vec<Ask>>) {
        for hand in answer.hands {
            self.record13(hand.plain, hand.used, hand.found, Some(hand.necessary));
        }
        for g in answer.riichi {
            let (mut h, _) = unpack(self.keys13[g as usize]);
            self.riichi13(g, &mut h);
        }
        spare.push(answer.asks);
    }
}

#[cfg(test)]
mod tests {
    use super::super::records::{Hand13, Hand14, Opt, Span, Step};
    use super::super::{Setup, Solver, Wait, limit};
    use crate::analysis::{check, roots};
    use crate::oracle::Oracle;
    use crate::tests_props::random_hands;
    use crate::{Options, Query, RiichiPolicy, Standard};
    use haipai_tiles::{Counts, Hand, Tile};

    /// Everything a listing numbers, as the pass and the riichi waits read it.
    #[derive(Debug, PartialEq)]
    struct Listed {
        states: (u32, u32, usize),
        keys13: Vec<u128>,
        hands13: Vec<Hand13>,
        necessary13: Vec<Option<(i8, u64)>>,
        hands14: Vec<Hand14>,
        steps: Vec<Step>,
        options: Vec<Opt>,
        wins: Vec<[u64; 2]>,
        riichi_states: Vec<Span>,
        riichi_waits: Vec<Wait>,
        pending_riichi: Vec<(u32, (i8, u64))>,
    }

    /// The listing of `input`'s discards under `o`, on two threads from `from` states on,
    /// cut off at each of `caps` first (each cut resumed).
    fn listed(o: &Options, setup: &Setup, input: Counts, from: usize, caps: &[usize]) -> Listed {
        let oracle = Standard::default();
        let roots: Vec<_> = roots::<Standard>(input, 0, 14).iter().map(|&(_, h, r)| (h, r)).collect();
        let lim = limit(oracle.shanten(&input), o.extra_exchanges);
        let mut s = Solver::new(&oracle, o, setup, (input, 0), lim);
        s.two_threads_from = from;
        for &cap in caps {
            assert!(s.count(&roots, cap).is_err(), "the cap {cap} cuts the listing");
        }
        s.count(&roots, usize::MAX).expect("no limit");
        // the listing went on two threads once it was large enough (on one, never)
        assert_eq!(s.lists_on_two_threads(), from != usize::MAX);
        Listed {
            states: (s.states13, s.states14, s.riichi_states.len()),
            keys13: s.keys13.clone(),
            hands13: s.hands13.clone(),
            necessary13: s.tables.necessary13.clone(),
            hands14: s.hands14.clone(),
            steps: s.steps.clone(),
            options: s.option_pool.clone(),
            wins: s.wins.iter().map(|w| w.map(f64::to_bits)).collect(),
            riichi_states: s.riichi_states.clone(),
            riichi_waits: s.riichi_waits.clone(),
            pending_riichi: s.pending_riichi.clone(),
        }
    }

    /// On seeded hands (0- to 3-shanten, budgets 0 and 1, riichi always and best, red fives
    /// live), the listing on two threads numbers every hand, state, draw, option and riichi
    /// state as the listing on one thread does: on two from the start, from the middle, and
    /// cut off at caps along the way and resumed.
    #[test]
    fn two_threads_list_what_one_lists() -> Result<(), rayon::ThreadPoolBuildError> {
        // In a pool of two: the listing goes on two threads on a machine of one core too.
        rayon::ThreadPoolBuilder::new().num_threads(2).build()?.install(two_threads_list_the_same);
        Ok(())
    }

    fn two_threads_list_the_same() {
        let mut batches = 0;
        for (i, input) in random_hands(6, 3, 0xf11e).into_iter().enumerate() {
            let mut q = Query::new(Hand::from_counts(input).expect("hand"));
            q.dora_indicators = vec![Tile::new(i * 7 % 34).expect("tile")];
            let riichi = if i % 2 == 0 { RiichiPolicy::Always } else { RiichiPolicy::Best };
            for budget in [0, 1] {
                let o = Options { extra_exchanges: budget, riichi, ..Options::default() };
                let (setup, _) = check(&q, &o).expect("question");
                let one = listed(&o, &setup, input, usize::MAX, &[]);
                let whole = (one.states.0 + one.states.1) as usize;
                assert_eq!(listed(&o, &setup, input, 0, &[]), one, "hand {i}, budget {budget}, from 0");
                assert_eq!(listed(&o, &setup, input, whole / 2, &[]), one, "hand {i}, budget {budget}, from half");
                let caps: Vec<usize> = (1..4).map(|k| k * whole / 4).collect();
                assert_eq!(listed(&o, &setup, input, 0, &caps), one, "hand {i}, budget {budget}, cut");
                batches += one.options.len() / super::BATCH;
            }
        }
        // Listings of many batches, not only one or two.
        assert!(batches >= 100, "{batches} batches");
    }
}
