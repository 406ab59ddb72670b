//! A GTP engine as a dead-stone oracle (`--dead-stones gtp:<command>`), e.g. GNU Go.
//!
//! One engine is one child process spoken to over stdin/stdout. Every command has a
//! deadline so that a hung engine fails one position instead of hanging a batch; the
//! engine is killed when the value is dropped. Sharing engines between threads is the
//! caller's business: this API is one engine, used from one thread at a time; `pool` keeps
//! one per worker thread for a batch.

mod error;
mod pool;
#[cfg(test)]
mod tests;

pub use error::{GtpError, NotGtpCommand};
pub use pool::{check, dead_stones_of, warm_up};

use crate::board::{Color, Point};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// A game as the engine is given it: setup stones, then moves, then the player to move.
#[derive(Clone, Copy, Debug)]
pub struct GtpGame<'a> {
    /// Board width (GTP boards are square: must equal `height`).
    pub width: u8,
    /// Board height.
    pub height: u8,
    /// Komi (not sent when not finite).
    pub komi: f64,
    /// Black setup stones.
    pub black: &'a [Point],
    /// White setup stones.
    pub white: &'a [Point],
    /// Moves played after the setup, in order (`None` a pass).
    pub moves: &'a [(Color, Option<Point>)],
    /// The player to move at the end, when known: the engine is handed the turn by a pass.
    pub to_move: Option<Color>,
}

/// Default per-command deadline: GNU Go needs about 1 s for a 19x19 `final_status_list`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// GTP column letters: `A`..`Z` without `I` (25 columns at most).
const COLUMNS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// A running GTP engine (child process with its stdin and a line channel from its stdout).
pub struct GtpEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    program: String,
    name: String,
    // Set after a timeout or a broken pipe: the stream is out of step, so fail fast.
    broken: Option<GtpError>,
}

impl GtpEngine {
    /// Starts `command` (split on whitespace, with simple quoting) and checks it answers GTP.
    pub fn start(command: &str) -> Result<GtpEngine, GtpError> {
        GtpEngine::start_with_timeout(command, DEFAULT_TIMEOUT)
    }

    /// Like [`GtpEngine::start`], with a per-command deadline other than [`DEFAULT_TIMEOUT`].
    pub fn start_with_timeout(command: &str, timeout: Duration) -> Result<GtpEngine, GtpError> {
        let argv = split_command(command)?;
        let Some((program, args)) = argv.split_first() else {
            return Err(GtpError::EmptyCommand);
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Engines chat on stderr (GNU Go prints boards there); a full pipe would block them.
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| GtpError::Spawn {
                program: program.clone(),
                reason: io_message(&e),
                not_found: e.kind() == std::io::ErrorKind::NotFound,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(GtpError::NoPipes {
                program: program.clone(),
            });
        };
        let (tx, lines) = mpsc::channel();
        // A helper thread owns the blocking reads so the caller can wait with a deadline.
        // It ends at EOF, which killing the child (on drop) guarantees.
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).into_owned();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = GtpEngine {
            child,
            stdin,
            lines,
            timeout,
            program: program.clone(),
            name: String::new(),
            broken: None,
        };
        let handshake = |command: &'static str| {
            move |e| GtpError::Handshake {
                program: program.clone(),
                command,
                source: Box::new(e),
            }
        };
        let name = engine.command("name").map_err(handshake("name"))?;
        let version = engine
            .command("protocol_version")
            .map_err(handshake("protocol_version"))?;
        if version.trim() != "2" {
            return Err(GtpError::Version {
                program: program.clone(),
                version: version.trim().to_string(),
            });
        }
        engine.name = name.trim().to_string();
        Ok(engine)
    }

    /// The engine's answer to `name`, e.g. `"GNU Go"`.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Changes the per-command deadline.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Sends one GTP command and returns the text of a `=` answer; `?` answers become `Err`.
    pub fn command(&mut self, cmd: &str) -> Result<String, GtpError> {
        if let Some(why) = &self.broken {
            return Err(why.clone());
        }
        if let Err(e) = writeln!(self.stdin, "{cmd}").and_then(|()| self.stdin.flush()) {
            return Err(self.fail(GtpError::Write {
                program: self.program.clone(),
                reason: io_message(&e),
            }));
        }
        let deadline = Instant::now() + self.timeout;
        let mut response = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim_end_matches(['\n', '\r']);
                    if response.is_empty() {
                        // Skip any noise before the answer proper.
                        if line.starts_with('=') || line.starts_with('?') {
                            response.push_str(line);
                        }
                    } else if line.trim().is_empty() {
                        break;
                    } else {
                        response.push('\n');
                        response.push_str(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(self.fail(GtpError::Timeout {
                        program: self.program.clone(),
                        command: cmd.to_string(),
                        timeout: self.timeout,
                    }));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    // An answer cut short by EOF still counts if it is complete enough.
                    if !response.is_empty() {
                        break;
                    }
                    return Err(self.fail(GtpError::Exited {
                        program: self.program.clone(),
                        command: cmd.to_string(),
                    }));
                }
            }
        }
        parse_response(&response)
    }

    /// The stones the engine calls dead in `game` (its setup, then its moves), in SGF order.
    pub fn dead_stones(&mut self, game: &GtpGame) -> Result<Vec<Point>, GtpError> {
        let GtpGame {
            width,
            height,
            komi,
            black: setup_black,
            white: setup_white,
            moves,
            to_move,
        } = *game;
        if width != height {
            return Err(GtpError::NotSquare { width, height });
        }
        let size = width;
        if size == 0 || size as usize > COLUMNS.len() {
            return Err(GtpError::Unnameable(size));
        }
        self.command(&format!("boardsize {size}"))
            .map_err(|e| GtpError::BoardRefused {
                size,
                source: Box::new(e),
            })?;
        self.command("clear_board")?;
        if komi.is_finite() {
            self.command(&format!("komi {komi}"))?;
        }
        let mut next = self.place_setup(size, setup_black, setup_white)?;
        for (i, &(color, point)) in moves.iter().enumerate() {
            let vertex = match point {
                Some(p) => format_vertex(p, size)?,
                None => "pass".to_string(),
            };
            let c = color_letter(color);
            self.command(&format!("play {c} {vertex}"))
                .map_err(|e| GtpError::MoveRejected {
                    number: i + 1,
                    color: c,
                    vertex: vertex.clone(),
                    source: Box::new(e),
                })?;
            next = color.opponent();
        }
        // A position given as setup stones leaves the engine thinking the player after the
        // last stone is to move; its verdict on a race or a ko depends on who is (GNU Go's
        // differs on finished games), so a pass hands it the turn the record leaves.
        if let Some(c) = to_move.filter(|&c| c != next) {
            self.command(&format!("play {} pass", color_letter(c.opponent())))?;
        }
        let answer = self.command("final_status_list dead")?;
        let mut dead = Vec::new();
        for token in answer.split_whitespace() {
            if let Some(p) = parse_vertex(token, size)? {
                dead.push(p);
            }
        }
        dead.sort_unstable();
        dead.dedup();
        Ok(dead)
    }

    /// Places setup stones: `set_free_handicap` for a black-only setup, else `play` each one;
    /// returns the player the engine now takes to be to move.
    fn place_setup(
        &mut self,
        size: u8,
        black: &[Point],
        white: &[Point],
    ) -> Result<Color, GtpError> {
        if white.is_empty() && black.len() >= 2 {
            let vertices = black
                .iter()
                .map(|&p| format_vertex(p, size))
                .collect::<Result<Vec<_>, _>>()?;
            if self
                .command(&format!("set_free_handicap {}", vertices.join(" ")))
                .is_ok()
            {
                return Ok(Color::White);
            }
            // Some engines cap the handicap count or lack the command: fall back to plays.
            self.command("clear_board")?;
        }
        // GTP `play` names its colour, so stones need not alternate. In a legal setup every
        // chain keeps a liberty, and adding stones only removes liberties, so no intermediate
        // play can capture or be suicide whatever the order.
        for (color, stones) in [(Color::Black, black), (Color::White, white)] {
            for &p in stones {
                let v = format_vertex(p, size)?;
                let c = color_letter(color);
                self.command(&format!("play {c} {v}"))
                    .map_err(|e| GtpError::SetupRejected {
                        color: c,
                        vertex: v.clone(),
                        source: Box::new(e),
                    })?;
            }
        }
        // The player after the last stone played, Black on an empty board.
        Ok(if white.is_empty() && !black.is_empty() {
            Color::White
        } else {
            Color::Black
        })
    }

    /// Records why the engine is unusable, kills it, and returns the error.
    fn fail(&mut self, why: GtpError) -> GtpError {
        let _ = self.child.kill();
        self.broken = Some(why.clone());
        why
    }
}

impl Drop for GtpEngine {
    fn drop(&mut self) {
        // Killing (rather than `quit`) cannot block on a hung engine.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `b` or `w`, as GTP names colours.
fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// An I/O error's text without Rust's " (os error N)" tail.
fn io_message(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The engine's command line in a `gtp:COMMAND` argument (`--dead-stones`, `--oracle`,
/// `--engine`, and the Python binding's `dead_stones` and `oracle`): one parser, so all
/// refuse the same values.
pub fn command_of(arg: &str) -> Result<&str, NotGtpCommand> {
    match arg.strip_prefix("gtp:") {
        Some(cmd) if !cmd.trim().is_empty() => Ok(cmd),
        _ => Err(NotGtpCommand),
    }
}

/// Splits an engine command line on whitespace; '…' and "…" group words, `\` escapes a char.
pub fn split_command(command: &str) -> Result<Vec<String>, GtpError> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = command.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => match chars.next() {
                Some(n) => word.push(n),
                None => return Err(GtpError::TrailingBackslash(command.to_string())),
            },
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
        if quote.is_some() {
            in_word = true;
        }
    }
    if quote.is_some() {
        return Err(GtpError::UnclosedQuote(command.to_string()));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

/// Parses one GTP answer: `= text` (or `=id text`) → `Ok(text)`, `? text` → `Err(text)`.
pub fn parse_response(response: &str) -> Result<String, GtpError> {
    let (ok, rest) = if let Some(r) = response.strip_prefix('=') {
        (true, r)
    } else if let Some(r) = response.strip_prefix('?') {
        (false, r)
    } else {
        return Err(GtpError::NotAnAnswer(response.to_string()));
    };
    // An optional numeric id follows the status character directly.
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let text = rest.trim().to_string();
    if ok {
        Ok(text)
    } else {
        Err(GtpError::Failure(text))
    }
}

/// The GTP vertex of `p` on a `size`x`size` board: column letter (no `I`), row from the bottom.
pub fn format_vertex(p: Point, size: u8) -> Result<String, GtpError> {
    if p.x >= size || p.y >= size || size as usize > COLUMNS.len() {
        return Err(GtpError::OffBoard {
            point: p.to_sgf(),
            size,
        });
    }
    Ok(format!(
        "{}{}",
        COLUMNS[p.x as usize] as char,
        u32::from(size) - u32::from(p.y)
    ))
}

/// Parses a GTP vertex (`D4`, `t19`, `pass`) on a `size`x`size` board; `pass` → `None`.
pub fn parse_vertex(vertex: &str, size: u8) -> Result<Option<Point>, GtpError> {
    let v = vertex.trim();
    if v.eq_ignore_ascii_case("pass") {
        return Ok(None);
    }
    let bad = || GtpError::BadVertex {
        vertex: vertex.to_string(),
        size,
    };
    let mut chars = v.chars();
    let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
    let x = COLUMNS
        .iter()
        .position(|&c| c as char == letter)
        .ok_or_else(bad)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let row: u32 = digits.parse().map_err(|_| bad())?;
    if x >= size as usize || row == 0 || row > u32::from(size) {
        return Err(bad());
    }
    // In range by the checks above, so the narrowing cannot truncate.
    Ok(Some(Point {
        x: x as u8,
        y: (u32::from(size) - row) as u8,
    }))
}
