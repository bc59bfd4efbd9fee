//! The command line of `gbx_bench` (its module docs give the options).

use crate::alloc;

/// What a pass times (module docs of `gbx_bench`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Full,
    Header,
    Floor,
    Summary,
}

impl Mode {
    /// The name `--mode` takes and the JSON reports.
    pub fn name(self) -> &'static str {
        match self {
            Self::Full => "full",
            Self::Header => "header",
            Self::Floor => "floor",
            Self::Summary => "summary",
        }
    }
}

/// The parsed command line.
pub struct Args {
    pub mode: Mode,
    pub files: Vec<String>,
    pub warmup: usize,
    pub repeat: usize,
    pub min_pass_s: f64,
    pub json: Option<String>,
    pub quiet: bool,
    pub alloc: bool,
    pub peak_mem: bool,
}

/// The usage line printed on a bad command line.
pub const USAGE: &str = "usage: gbx_bench --mode full|header|floor|summary [--list FILE] [FILES...] [--warmup N] \
                     [--repeat N] [--min-pass-s S] [--quiet] [--json OUT] [--alloc] [--peak-mem]";

/// The command line, with `--list` files read.
///
/// # Errors
/// A bad option or value, as text (empty for `--help`).
pub fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        mode: Mode::Full,
        files: Vec::new(),
        warmup: 1,
        repeat: 5,
        min_pass_s: 0.25,
        json: None,
        quiet: false,
        alloc: false,
        peak_mem: false,
    };
    let mut list: Option<String> = None;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        // Accept both `--opt value` and `--opt=value`.
        let (key, inline) = match arg.split_once('=') {
            Some((k, v)) if k.starts_with("--") => (k.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match key.as_str() {
            "--mode" => {
                a.mode = match value("--mode")?.as_str() {
                    "full" => Mode::Full,
                    "header" => Mode::Header,
                    "floor" => Mode::Floor,
                    "summary" => Mode::Summary,
                    m => {
                        return Err(format!(
                            "--mode {m}: expected full, header, floor or summary"
                        ));
                    }
                };
            }
            "--list" => list = Some(value("--list")?),
            "--warmup" => {
                a.warmup = value("--warmup")?
                    .parse()
                    .map_err(|e| format!("--warmup: {e}"))?;
            }
            "--repeat" => {
                a.repeat = value("--repeat")?
                    .parse()
                    .map_err(|e| format!("--repeat: {e}"))?;
            }
            "--min-pass-s" => {
                a.min_pass_s = value("--min-pass-s")?
                    .parse()
                    .map_err(|e| format!("--min-pass-s: {e}"))?;
            }
            "--json" => a.json = Some(value("--json")?),
            "--quiet" => a.quiet = true,
            "--alloc" => a.alloc = true,
            "--peak-mem" => a.peak_mem = true,
            "-h" | "--help" => return Err(String::new()),
            s if s.starts_with("--") => return Err(format!("unknown option {s}")),
            _ => a.files.push(arg),
        }
    }
    if let Some(list) = list {
        let text = std::fs::read_to_string(&list).map_err(|e| format!("--list {list}: {e}"))?;
        a.files.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(str::to_string),
        );
    }
    if a.files.is_empty() {
        return Err("no files".into());
    }
    if (a.alloc || a.peak_mem) && !alloc::ENABLED {
        return Err("--alloc and --peak-mem need a build with --features dhat-heap".into());
    }
    if a.peak_mem && a.mode != Mode::Full {
        return Err("--peak-mem needs --mode full".into());
    }
    a.warmup = a.warmup.max(1);
    Ok(a)
}
