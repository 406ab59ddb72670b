//! One GTP engine per worker thread, started on first use and kept for the whole batch: the
//! dead-stone oracle the per-game analysis asks (`--dead-stones gtp:COMMAND`).

use super::{DEFAULT_TIMEOUT, GtpEngine, GtpError, GtpGame};
use crate::board::{Color, Point, Position};
use std::cell::RefCell;
use std::time::Duration;

thread_local! {
    /// This thread's engine, if one was started.
    static ENGINE: RefCell<Option<GtpEngine>> = const { RefCell::new(None) };
}

/// Checks that `command` starts a GTP engine (then stops it): a missing engine is one clear
/// error before a batch, rather than a note on every game.
pub fn check(command: &str) -> Result<(), GtpError> {
    GtpEngine::start(command).map(drop)
}

/// Starts this thread's engine with `command` unless it has one, so that a measurement can
/// leave the engine's start out of its first position (KataGo loads its network for seconds).
pub fn warm_up(command: &str) -> Result<(), GtpError> {
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(GtpEngine::start(command)?);
        }
        Ok(())
    })
}

/// The stones this thread's engine (started with `command` if need be) calls dead in `pos`,
/// given as setup stones, `to_move` (when known) to play, each command within `timeout`
/// (`None`: [`DEFAULT_TIMEOUT`]). An engine that fails and no longer answers is replaced on
/// the next call.
pub fn dead_stones_of(
    command: &str,
    timeout: Option<Duration>,
    pos: &Position,
    komi: f64,
    to_move: Option<Color>,
) -> Result<Vec<Point>, GtpError> {
    ENGINE.with(|cell| {
        let mut slot = cell.borrow_mut();
        let engine = match slot.as_mut() {
            Some(engine) => engine,
            None => slot.insert(GtpEngine::start(command)?),
        };
        engine.set_timeout(timeout.unwrap_or(DEFAULT_TIMEOUT));
        let (mut black, mut white) = (Vec::new(), Vec::new());
        for y in 0..pos.height {
            for x in 0..pos.width {
                let p = Point { x, y };
                match pos.get(p) {
                    Some(Color::Black) => black.push(p),
                    Some(Color::White) => white.push(p),
                    None => {}
                }
            }
        }
        let answer = engine.dead_stones(&GtpGame {
            width: pos.width,
            height: pos.height,
            komi,
            black: &black,
            white: &white,
            moves: &[],
            to_move,
        });
        if answer.is_err() && engine.command("name").is_err() {
            *slot = None;
        }
        answer
    })
}
