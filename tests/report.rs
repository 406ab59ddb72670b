//! `echelle report`: the page of `samples/` parses as HTML, holds no external URL, says what
//! `analyze` and `rate` say, escapes what records hold, and renders in a real browser.

mod common;

use scraper::{Html, Selector};
use std::path::{Path, PathBuf};
use std::process::Command;

fn echelle() -> Command {
    Command::new(env!("CARGO_BIN_EXE_echelle"))
}

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples")
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("report-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
    d
}

/// Runs `echelle report ARGS -o out`; returns the page and the summary on stderr.
fn report(args: &[&str], out: &Path) -> (String, String) {
    let run = echelle()
        .arg("report")
        .args(args)
        .arg("-o")
        .arg(out)
        .arg("--no-progress")
        .output()
        .unwrap_or_else(|e| panic!("runs: {e}"));
    let err = String::from_utf8_lossy(&run.stderr).to_string();
    assert_eq!(run.status.code(), Some(0), "{err}");
    let page = std::fs::read_to_string(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
    (page, err)
}

/// The report of `samples/`, made once per test binary: `samples-report.html`, the page the
/// README points to.
fn samples_report() -> (PathBuf, String) {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let out = d.join(format!("samples-report-{}.html", std::process::id()));
    if let Ok(page) = std::fs::read_to_string(&out) {
        return (out, page);
    }
    let tmp = d.join(format!(
        "samples-report-{}-{:?}.tmp",
        std::process::id(),
        std::thread::current().id()
    ));
    let (page, _) = report(&[samples().to_str().unwrap_or("samples")], &tmp);
    let _ = std::fs::rename(&tmp, &out);
    let _ = std::fs::copy(&out, d.join("samples-report.html"));
    (out, page)
}

fn select<'a>(doc: &'a Html, css: &str) -> Vec<scraper::ElementRef<'a>> {
    let sel = Selector::parse(css).unwrap_or_else(|e| panic!("{css}: {e:?}"));
    doc.select(&sel).collect()
}

/// The text of the one element `css` selects.
fn text_of(doc: &Html, css: &str) -> String {
    let found = select(doc, css);
    assert_eq!(found.len(), 1, "{css}: {} elements", found.len());
    found[0].text().collect::<String>().trim().to_string()
}

/// The number after `label` in `text` (`games: 129 ok` → 129 for `games: `).
fn number_after(text: &str, label: &str) -> u64 {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in {text}"))
        + label.len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|e| panic!("{label:?} in {text}: {e}"))
}

/// `analyze samples/`: its summary on stderr, and its records.
fn analyze_samples() -> (String, Vec<serde_json::Value>) {
    let run = echelle()
        .args(["analyze", "--no-progress"])
        .arg(samples())
        .output()
        .unwrap_or_else(|e| panic!("runs: {e}"));
    assert_eq!(run.status.code(), Some(0));
    let records = String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    (String::from_utf8_lossy(&run.stderr).to_string(), records)
}

#[test]
fn the_page_parses_and_names_nothing_outside_itself() {
    let (_, page) = samples_report();
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "HTML parse errors: {:?}", doc.errors);
    let mut linked = 0;
    for e in select(&doc, "[src], [href]") {
        for name in ["src", "href"] {
            if let Some(v) = e.value().attr(name) {
                linked += 1;
                assert!(v.starts_with('#'), "{name}={v:?} leaves the page");
            }
        }
    }
    assert!(linked >= 3, "the navigation links are in-page: {linked}");
    assert!(select(&doc, "link, iframe, img, object, embed").is_empty());
    // The only URL is the SVG namespace, which no browser fetches.
    let urls = page.matches("http").count();
    let namespaces = page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count();
    assert_eq!(urls, namespaces, "a URL other than the SVG namespace");
    assert_eq!(
        select(&doc, "script").len(),
        1,
        "one inline script, the filter"
    );
    assert!(select(&doc, "script[src]").is_empty());
}

#[test]
fn the_sections_say_what_analyze_says() {
    let (_, page) = samples_report();
    let doc = Html::parse_document(&page);
    for id in ["health", "games", "ladder"] {
        assert_eq!(
            select(&doc, &format!("section#{id} > h2")).len(),
            1,
            "section {id}"
        );
    }
    let (summary, records) = analyze_samples();
    let stat = |id: &str| -> u64 {
        let t = text_of(&doc, &format!("#{id}"));
        t.parse().unwrap_or_else(|e| panic!("#{id} = {t:?}: {e}"))
    };
    // The summary's lines: `echelle: 128 SGF inputs, 5 skipped, 130 games in …`,
    // `games: 129 ok, 1 repaired, 0 error; files that failed whole: 0`.
    assert_eq!(stat("stat-inputs"), number_after(&summary, "echelle: "));
    assert_eq!(stat("health-inputs"), number_after(&summary, "echelle: "));
    assert_eq!(
        stat("health-skipped"),
        number_after(&summary, "SGF inputs, ")
    );
    assert_eq!(stat("stat-games"), number_after(&summary, " skipped, "));
    assert_eq!(stat("health-ok"), number_after(&summary, "games: "));
    assert_eq!(stat("health-repaired"), number_after(&summary, " ok, "));
    assert_eq!(
        stat("health-game-errors"),
        number_after(&summary, " repaired, ")
    );
    assert_eq!(
        stat("health-failed-whole"),
        number_after(&summary, "failed whole: ")
    );
    assert_eq!(
        stat("health-with-violations"),
        number_after(&summary, "games with violations: ")
    );
    // The verdict table, row for row.
    let rows: Vec<(String, u64)> = summary
        .lines()
        .skip_while(|l| !l.contains("verdict vs RE"))
        .skip(1)
        .take_while(|l| l.starts_with("    "))
        .map(|l| {
            let (k, n) = l.trim().rsplit_once(' ').unwrap_or(("", ""));
            let words: Vec<&str> = k.split_whitespace().collect();
            (words.join(" "), n.parse().unwrap_or(0))
        })
        .collect();
    assert!(rows.len() >= 3, "{summary}");
    let shown: Vec<(String, u64)> = select(&doc, "table.verdicts tbody tr")
        .into_iter()
        .map(|tr| {
            let cells: Vec<String> = tr
                .text()
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect();
            let n = cells.last().and_then(|c| c.parse().ok()).unwrap_or(0);
            (cells[..cells.len() - 1].join(" "), n)
        })
        .collect();
    assert_eq!(shown, rows);
    // Every game to look at, once: the records analyze flags.
    let flagged = records
        .iter()
        .filter(|r| {
            matches!(
                r["verdict"].as_str(),
                Some("winner-differs" | "margin-differs")
            ) || r["status"] == "error"
                || r["violations"].as_array().is_some_and(|v| !v.is_empty())
        })
        .count() as u64;
    assert!(flagged > 0);
    assert_eq!(stat("games-total"), flagged);
    assert_eq!(select(&doc, "[data-kinds]").len() as u64, flagged);
    let winner_differs = records
        .iter()
        .filter(|r| r["verdict"] == "winner-differs")
        .count();
    assert_eq!(stat("count-winner-differs"), winner_differs as u64);
    // Most serious first: the winner-differs games open the list, each with its board.
    let cards = select(&doc, "article.game");
    assert!(cards.len() >= winner_differs && winner_differs > 0);
    for card in &cards[..winner_differs] {
        assert_eq!(
            card.value().attr("data-kinds").map(|k| k.split(' ').next()),
            Some(Some("winner-differs"))
        );
        assert_eq!(
            card.select(&Selector::parse(".board svg").unwrap_or_else(|e| panic!("{e:?}")))
                .count(),
            1
        );
    }
    // An archive entry is named as analyze names it.
    assert!(
        page.contains("tournoi-printemps-2025.zip!"),
        "zip entries named"
    );
}

#[test]
fn the_ladder_is_the_one_rate_prints() {
    let (_, page) = samples_report();
    let doc = Html::parse_document(&page);
    let run = echelle()
        .args(["rate", "--no-progress", "-q", "--format", "csv"])
        .arg(samples())
        .output()
        .unwrap_or_else(|e| panic!("runs: {e}"));
    let csv = String::from_utf8_lossy(&run.stdout).to_string();
    let names: Vec<String> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap_or("").to_string())
        .collect();
    assert!(names.len() > 5, "{csv}");
    let rows = select(&doc, "table.ladder tbody tr");
    let shown: Vec<String> = rows
        .iter()
        .map(|tr| {
            tr.select(&Selector::parse("td").unwrap_or_else(|e| panic!("{e:?}")))
                .nth(1)
                .map(|td| td.text().collect())
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(shown, names, "the same players in the same order");
    assert_eq!(text_of(&doc, "#stat-players"), names.len().to_string());
    // Every player with games has a curve, and won + lost = games.
    for tr in &rows {
        let cells: Vec<String> = tr
            .select(&Selector::parse("td").unwrap_or_else(|e| panic!("{e:?}")))
            .map(|td| td.text().collect())
            .collect();
        let n = |i: usize| {
            cells[i]
                .parse::<u32>()
                .unwrap_or_else(|e| panic!("{cells:?}: {e}"))
        };
        assert_eq!(n(5) + n(6), n(4), "won + lost = games: {cells:?}");
        assert_eq!(
            tr.select(&Selector::parse("svg.spark").unwrap_or_else(|e| panic!("{e:?}")))
                .count(),
            1
        );
    }
}

#[test]
fn several_engines_and_the_evaluation_show_side_by_side() {
    let d = scratch("engines");
    let out = d.join("r.html");
    let s = samples();
    let (page, _) = report(
        &[
            s.to_str().unwrap_or("samples"),
            "--engine",
            "ffg1984,elo",
            "--evaluate",
        ],
        &out,
    );
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "{:?}", doc.errors);
    assert_eq!(select(&doc, "#engine-ffg1984").len(), 1);
    assert_eq!(select(&doc, "#engine-elo").len(), 1);
    let plots = select(&doc, "svg.plot");
    assert!(!plots.is_empty(), "curves side by side");
    assert!(plots.iter().any(|p| {
        p.select(&Selector::parse("polyline").unwrap_or_else(|e| panic!("{e:?}")))
            .count()
            == 2
    }));
    assert!(
        page.contains("Calibration"),
        "the calibration plot under --evaluate"
    );
    assert!(page.contains("predicted P(Black wins)"));
}

#[test]
fn record_strings_are_text_not_markup() {
    let d = scratch("escape");
    let games = d.join("games");
    std::fs::create_dir_all(&games).unwrap_or_else(|e| panic!("{e}"));
    // An illegal move (occupied) and a result no count gives: listed, with a board.
    let sgf = "(;GM[1]FF[4]SZ[9]KM[7.5]DT[2025-01-01]PB[<script>alert(1)</script>]\
               PW[\"><img src=x onerror=alert(2)>]EV[</table><b>bold]RE[W+80]\
               ;B[ee];W[ee];B[cc];W[gg];B[];W[])";
    std::fs::write(games.join("<img src=y onerror=alert(3)>.sgf"), sgf)
        .unwrap_or_else(|e| panic!("{e}"));
    let out = d.join("r.html");
    // ffg2003 rates 9x9 games: the names reach the ladder too.
    let (page, _) = report(&[games.to_str().unwrap_or(""), "--engine", "ffg2003"], &out);
    let doc = Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "{:?}", doc.errors);
    assert_eq!(
        select(&doc, "script").len(),
        1,
        "only the page's own script"
    );
    assert!(
        select(&doc, "img, b, i").is_empty(),
        "no element from a record"
    );
    assert!(!page.contains("<script>alert"), "raw markup in the page");
    let all: String = doc.root_element().text().collect();
    assert!(
        all.contains("<script>alert(1)</script>"),
        "the name shows as text"
    );
    assert!(
        all.contains("\"><img src=x onerror=alert(2)>"),
        "the name shows as text"
    );
    assert!(
        all.contains("<img src=y onerror=alert(3)>.sgf#0"),
        "the file name shows as text"
    );
    // The game is listed and drawn; its players are in the ladder.
    assert_eq!(select(&doc, "article.game").len(), 1);
    assert_eq!(select(&doc, "table.ladder tbody tr").len(), 2);
}

#[test]
fn the_page_is_the_same_at_any_thread_count() {
    let d = scratch("threads");
    let s = samples();
    let (one, _) = report(
        &[s.to_str().unwrap_or("samples"), "-j", "1"],
        &d.join("1.html"),
    );
    let (two, _) = report(
        &[s.to_str().unwrap_or("samples"), "-j", "2"],
        &d.join("2.html"),
    );
    assert!(one == two, "the pages differ between -j 1 and -j 2");
}

#[test]
fn boards_past_the_cap_become_rows_and_say_so() {
    let d = scratch("cap");
    let s = samples();
    let (page, _) = report(
        &[s.to_str().unwrap_or("samples"), "--max-boards", "3"],
        &d.join("r.html"),
    );
    let doc = Html::parse_document(&page);
    assert_eq!(select(&doc, "article.game").len(), 3);
    let total: usize = text_of(&doc, "#games-total").parse().unwrap_or(0);
    assert_eq!(select(&doc, "table.rest tbody tr").len(), total - 3);
    assert!(page.contains("at most 3:"), "the cap is said");
}

/// Chromium or Chrome, when one is installed.
fn browser() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| {
            Command::new(b)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// Runs the headless browser on `page` with `args`; returns stdout and stderr.
fn headless(browser: &str, page: &Path, args: &[&str]) -> (String, String) {
    let url = format!("file://{}", page.display());
    let run = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
        ])
        .args(["--enable-logging=stderr", "--v=0", "--no-first-run"])
        .args(args)
        .arg(url)
        .output()
        .unwrap_or_else(|e| panic!("{browser}: {e}"));
    let err = String::from_utf8_lossy(&run.stderr).to_string();
    assert!(run.status.success(), "{browser} failed: {err}");
    (String::from_utf8_lossy(&run.stdout).to_string(), err)
}

#[test]
fn a_real_browser_renders_the_page() {
    let Some(browser) = browser() else {
        common::skip(
            "no chromium, chromium-browser or google-chrome: the browser test needs one (.ci/run installs chromium)",
        );
        return;
    };
    let (path, _) = samples_report();
    let (summary, _) = analyze_samples();
    let (dom, err) = headless(browser, &path, &["--dump-dom"]);
    // The page loads without a message on the console (errors are logged there).
    let console: Vec<&str> = err.lines().filter(|l| l.contains(":CONSOLE")).collect();
    assert!(console.is_empty(), "console messages: {console:?}");
    let doc = Html::parse_document(&dom);
    for id in ["health", "games", "ladder"] {
        assert_eq!(
            select(&doc, &format!("section#{id}")).len(),
            1,
            "section {id} in the DOM"
        );
    }
    assert_eq!(
        text_of(&doc, "#stat-games"),
        number_after(&summary, " skipped, ").to_string()
    );
    // The filter ran: every game is shown while every box is ticked.
    assert!(select(&doc, "[data-kinds][hidden]").is_empty());
    // A screenshot of the first screen: the expected size, and not blank.
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("samples-report.png");
    let _ = std::fs::remove_file(&shot);
    let arg = format!("--screenshot={}", shot.display());
    headless(browser, &path, &[&arg, "--window-size=1280,900"]);
    let file = std::fs::File::open(&shot).unwrap_or_else(|e| panic!("{}: {e}", shot.display()));
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .unwrap_or_else(|e| panic!("PNG: {e}"));
    let mut buf = vec![0; reader.output_buffer_size().unwrap_or(0)];
    let info = reader
        .next_frame(&mut buf)
        .unwrap_or_else(|e| panic!("PNG: {e}"));
    assert_eq!((info.width, info.height), (1280, 900));
    let px = info.color_type.samples();
    let pixels: Vec<&[u8]> = buf[..info.buffer_size()].chunks(px).collect();
    let first = pixels[0];
    let other = pixels.iter().filter(|p| p[..3] != first[..3]).count();
    assert!(
        other * 4 > pixels.len(),
        "a blank screenshot: {other} of {} pixels differ",
        pixels.len()
    );
    let mut colours: Vec<&[u8]> = pixels.iter().map(|p| &p[..3]).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(
        colours.len() > 50,
        "{} colours: not the page",
        colours.len()
    );
}

#[test]
fn a_game_from_standard_input_is_listed_without_a_board() {
    use std::io::Write;
    let d = scratch("stdin");
    let out = d.join("r.html");
    let mut child = echelle()
        .args(["report", "-", "--no-progress", "-q", "-o"])
        .arg(&out)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("runs: {e}"));
    let sgf = b"(;GM[1]SZ[9]KM[7.5]PB[A]PW[B]RE[W+80];B[ee];W[ee];B[];W[])";
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(sgf).unwrap_or_else(|e| panic!("{e}"));
    }
    let status = child.wait().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(status.code(), Some(0));
    let page = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    let doc = Html::parse_document(&page);
    let cards = select(&doc, "article.game");
    assert_eq!(cards.len(), 1);
    let card: String = cards[0].text().collect();
    assert!(
        card.contains("read from standard input: no board"),
        "{card}"
    );
    assert!(select(&doc, "article.game svg").is_empty());
}

#[test]
fn results_files_are_rated_beside_the_records_and_accounted_for() {
    let d = scratch("tou");
    let tou = samples().join("federation/coupe-lyon-2025.tou");
    let club = samples().join("club-2025");
    let (page, _) = report(
        &[
            club.to_str().unwrap_or("samples/club-2025"),
            tou.to_str().unwrap_or("coupe.tou"),
        ],
        &d.join("r.html"),
    );
    let doc = Html::parse_document(&page);
    assert_eq!(
        text_of(&doc, "#results-files"),
        "1 files: 1 read, 0 failed whole; 12 games in them, 0 not ratable; 0 lines unreadable."
    );
    // A player of the results file alone is on the ladder, with the games the file gives.
    let ladder = text_of(&doc, "table.ladder");
    assert!(ladder.contains("MOREAU Léa Marie"), "{ladder}");
    // Without it, no such section and no such player.
    let (page, _) = report(
        &[club.to_str().unwrap_or("samples/club-2025")],
        &d.join("r2.html"),
    );
    assert!(!page.contains("id=\"results-files\""));
    assert!(!page.contains("MOREAU"));
}
