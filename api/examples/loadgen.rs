//! A small HTTP/1.1 load generator for `scripts/load-test.sh`: keeps N keep-alive connections
//! busy with GETs of one path for a while and prints throughput and latency percentiles.
//!
//! `cargo run --release --example loadgen -- <host:port> <path> [connections] [seconds]`
//!
//! `ACCEPT_ENCODING=br,gzip` sends that header, as a browser does; the result line then says which
//! `Content-Encoding` came back. Bodies with a length and chunked bodies are both read.

use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// What one connection saw.
#[derive(Default)]
struct Tally {
    latencies_us: Vec<u32>,
    failures: u64,
    bytes: u64,
    encoding: Option<String>,
}

/// Status, body bytes and `Content-Encoding` of one response.
async fn one_response(
    stream: &mut BufReader<TcpStream>,
) -> std::io::Result<(u16, u64, Option<String>)> {
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
    let (mut length, mut chunked, mut encoding) = (None, false, None);
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            return Err(std::io::Error::other("connection closed in the headers"));
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            let value = value.trim();
            if name.eq_ignore_ascii_case("content-length") {
                length = value.parse::<u64>().ok();
            } else if name.eq_ignore_ascii_case("transfer-encoding") {
                chunked = value.eq_ignore_ascii_case("chunked");
            } else if name.eq_ignore_ascii_case("content-encoding") {
                encoding = Some(value.to_owned());
            }
        }
    }
    let bytes = match (length, chunked) {
        (Some(length), false) => skip(stream, length).await?,
        (_, true) => chunked_body(stream).await?,
        (None, false) => return Err(std::io::Error::other("response without a body length")),
    };
    Ok((status, bytes, encoding))
}

async fn skip(stream: &mut BufReader<TcpStream>, length: u64) -> std::io::Result<u64> {
    let mut body = vec![0; usize::try_from(length).unwrap_or(0)];
    stream.read_exact(&mut body).await?;
    Ok(length)
}

/// Reads a chunked body to its end, giving its size.
async fn chunked_body(stream: &mut BufReader<TcpStream>) -> std::io::Result<u64> {
    let mut total = 0;
    let mut line = String::new();
    loop {
        line.clear();
        stream.read_line(&mut line).await?;
        let size = line.trim_end().split(';').next().unwrap_or("");
        let size = u64::from_str_radix(size, 16)
            .map_err(|_| std::io::Error::other(format!("bad chunk size {line:?}")))?;
        total += size;
        skip(stream, size + 2).await?;
        if size == 0 {
            return Ok(total);
        }
    }
}

async fn worker(address: String, path: String, until: Instant) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let mut stream = BufReader::new(TcpStream::connect(&address).await?);
    stream.get_mut().set_nodelay(true)?;
    let accept_encoding = std::env::var("ACCEPT_ENCODING")
        .ok()
        .filter(|value| !value.is_empty())
        .map(|value| format!("Accept-Encoding: {value}\r\n"))
        .unwrap_or_default();
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: application/json\r\n{accept_encoding}\r\n"
    );
    while Instant::now() < until {
        let started = Instant::now();
        stream.get_mut().write_all(request.as_bytes()).await?;
        let (status, length, encoding) = one_response(&mut stream).await?;
        tally.encoding = encoding;
        let elapsed = u32::try_from(started.elapsed().as_micros()).unwrap_or(u32::MAX);
        if status == 200 {
            tally.latencies_us.push(elapsed);
            tally.bytes += length;
        } else {
            tally.failures += 1;
        }
    }
    Ok(tally)
}

fn percentile(sorted: &[u32], share: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let index = ((sorted.len() as f64 - 1.0) * share).round() as usize;
    f64::from(sorted[index]) / 1000.0
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(address), Some(path)) = (args.first().cloned(), args.get(1).cloned()) else {
        eprintln!("usage: loadgen <host:port> <path> [connections=64] [seconds=10]");
        std::process::exit(2);
    };
    let connections: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.get(3).and_then(|n| n.parse().ok()).unwrap_or(10);

    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let workers: Vec<_> = (0..connections)
        .map(|_| tokio::spawn(worker(address.clone(), path.clone(), until)))
        .collect();
    let mut latencies = Vec::new();
    let (mut failures, mut bytes, mut encoding) = (0, 0, None);
    for handle in workers {
        let tally = handle.await.map_err(std::io::Error::other)??;
        encoding = encoding.or(tally.encoding);
        latencies.extend(tally.latencies_us);
        failures += tally.failures;
        bytes += tally.bytes;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let ok = latencies.len();
    println!(
        "RESULT path={path} connections={connections} seconds={elapsed:.1} ok={ok} failed={failures} rps={:.0} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.2} avg_body_bytes={} encoding={}",
        ok as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
        if ok == 0 { 0 } else { bytes / ok as u64 },
        encoding.as_deref().unwrap_or("identity"),
    );
    if failures > 0 || ok == 0 {
        std::process::exit(1);
    }
    Ok(())
}
