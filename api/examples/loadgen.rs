//! A small HTTP/1.1 load generator for `scripts/load-test.sh`: keeps N keep-alive connections
//! busy with GETs of one path for a while and prints throughput and latency percentiles.
//!
//! `cargo run --release --example loadgen -- <host:port> <path> [connections] [seconds]`

use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// What one connection saw.
#[derive(Default)]
struct Tally {
    latencies_us: Vec<u32>,
    failures: u64,
    bytes: u64,
}

async fn one_response(stream: &mut BufReader<TcpStream>) -> std::io::Result<(u16, u64)> {
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line {line:?}")))?;
    let mut length = None;
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            return Err(std::io::Error::other("connection closed in the headers"));
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse::<u64>().ok();
        }
    }
    let length = length.ok_or_else(|| std::io::Error::other("response without Content-Length"))?;
    let mut body = vec![0; usize::try_from(length).unwrap_or(0)];
    stream.read_exact(&mut body).await?;
    Ok((status, length))
}

async fn worker(address: String, path: String, until: Instant) -> std::io::Result<Tally> {
    let mut tally = Tally::default();
    let mut stream = BufReader::new(TcpStream::connect(&address).await?);
    stream.get_mut().set_nodelay(true)?;
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nAccept: application/json\r\n\r\n");
    while Instant::now() < until {
        let started = Instant::now();
        stream.get_mut().write_all(request.as_bytes()).await?;
        let (status, length) = one_response(&mut stream).await?;
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
    let (mut failures, mut bytes) = (0, 0);
    for handle in workers {
        let tally = handle.await.map_err(std::io::Error::other)??;
        latencies.extend(tally.latencies_us);
        failures += tally.failures;
        bytes += tally.bytes;
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let ok = latencies.len();
    println!(
        "RESULT path={path} connections={connections} seconds={elapsed:.1} ok={ok} failed={failures} rps={:.0} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.2} avg_body_bytes={}",
        ok as f64 / elapsed,
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0),
        if ok == 0 { 0 } else { bytes / ok as u64 },
    );
    if failures > 0 || ok == 0 {
        std::process::exit(1);
    }
    Ok(())
}
