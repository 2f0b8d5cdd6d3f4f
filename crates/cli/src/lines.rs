//! The lines of a batch on standard input: a line ends at `\n`, `\r` or `\r\n`, and no line
//! is read past a limit (an endless line, such as `/dev/zero`'s, would otherwise fill memory or
//! never end).

use std::io::{self, BufRead};

/// One line read.
pub enum Line {
    /// The line, without its end.
    Whole(Vec<u8>),
    /// A line longer than the limit: its first bytes; the rest of it is left unread (see
    /// [`Lines::skip_rest`]).
    TooLong(Vec<u8>),
}

/// Reads lines of at most `limit` bytes from `reader`.
pub struct Lines<R> {
    reader: R,
    limit: usize,
    /// The last line ended with `\r`: a `\n` right after it belongs to that line end.
    after_cr: bool,
}

impl<R: BufRead> Lines<R> {
    /// Lines of `reader`, each at most `limit` bytes.
    pub fn new(reader: R, limit: usize) -> Lines<R> {
        Lines { reader, limit, after_cr: false }
    }

    /// The bytes buffered in the reader, read again when a read is interrupted.
    fn buffered(&mut self) -> io::Result<&[u8]> {
        loop {
            match self.reader.fill_buf() {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
                // Filled: the second call returns the same buffer without reading.
                Ok(_) => return self.reader.fill_buf(),
            }
        }
    }

    /// The next line, or `None` at the end of the input. A line past the limit is returned
    /// as [`Line::TooLong`] as soon as the limit is passed, its rest not read.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        let mut line = Vec::new();
        let mut started = false;
        loop {
            let after_cr = std::mem::take(&mut self.after_cr);
            let room = self.limit - line.len();
            let buf = self.buffered()?;
            if buf.is_empty() {
                return Ok(started.then_some(Line::Whole(line)));
            }
            if after_cr && buf[0] == b'\n' {
                self.reader.consume(1);
                continue;
            }
            started = true;
            match buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                Some(end) if end <= room => {
                    line.extend_from_slice(&buf[..end]);
                    self.after_cr = buf[end] == b'\r';
                    self.reader.consume(end + 1);
                    return Ok(Some(Line::Whole(line)));
                }
                _ if buf.len() > room => {
                    line.extend_from_slice(&buf[..room]);
                    self.reader.consume(room);
                    return Ok(Some(Line::TooLong(line)));
                }
                _ => {
                    let n = buf.len();
                    line.extend_from_slice(buf);
                    self.reader.consume(n);
                }
            }
        }
    }

    /// Skips the rest of a line found too long, at most `most` bytes: whether its end (or the
    /// input's) came within them.
    pub fn skip_rest(&mut self, most: u64) -> io::Result<bool> {
        let mut skipped = 0u64;
        loop {
            let buf = self.buffered()?;
            if buf.is_empty() {
                return Ok(true);
            }
            if let Some(end) = buf.iter().position(|&b| b == b'\n' || b == b'\r') {
                self.after_cr = buf[end] == b'\r';
                self.reader.consume(end + 1);
                return Ok(true);
            }
            let n = buf.len();
            self.reader.consume(n);
            skipped += n as u64;
            if skipped > most {
                return Ok(false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines of `input` with limit `limit`: each as text, a too-long one marked `!`.
    fn lines(input: &[u8], limit: usize) -> Vec<String> {
        let mut lines = Lines::new(input, limit);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().expect("a slice reads") {
            out.push(match line {
                Line::Whole(l) => String::from_utf8_lossy(&l).into_owned(),
                Line::TooLong(l) => {
                    assert!(lines.skip_rest(100).expect("a slice reads"));
                    format!("!{}", String::from_utf8_lossy(&l))
                }
            });
        }
        out
    }

    #[test]
    fn lines_end_at_lf_cr_and_crlf() {
        assert_eq!(lines(b"1m\n2m\r3m\r\n4m", 10), ["1m", "2m", "3m", "4m"]);
        assert_eq!(lines(b"1m\r\r\n\n2m\n", 10), ["1m", "", "", "2m"]);
        assert_eq!(lines(b"", 10), Vec::<String>::new());
        assert_eq!(lines(b"\n", 10), [""]);
    }

    #[test]
    fn a_line_past_the_limit_is_cut_and_its_rest_skipped() {
        assert_eq!(lines(b"1234\n12345\r\n123\n", 4), ["1234", "!1234", "123"]);
        let mut endless = Lines::new(&[b'0'; 1000][..], 4);
        assert!(matches!(endless.next_line(), Ok(Some(Line::TooLong(l))) if l == b"0000"));
        let mut endless = Lines::new(io::BufReader::new(io::repeat(b'0')), 4);
        assert!(matches!(endless.next_line(), Ok(Some(Line::TooLong(_)))));
        assert!(!endless.skip_rest(1 << 16).expect("repeat reads"), "no line end in an endless input");
    }
}
