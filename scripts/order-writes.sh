#!/usr/bin/env bash
# What one order writes to the embedded store: runs the orders bench's closed-loop spread run
# (64 buyers, 8 s), copies SurrealKV's write-ahead log as the run starts and as it ends, and
# decodes what was appended in between by key (table, record or index), in bytes and entries an
# order. The log holds every key and value a transaction commits, so this is what fills the
# memtable and what each flush writes out (README "Orders and invoices", session 55).
#
# A flush during the run would delete the log segment it wrote out, and the count would miss
# that part: the run writes about 60 MB, a quarter of the memtable, after a set-up of 20 accounts
# a buyer (`ORDER_BENCH_ACCOUNTS`).
#
#   scripts/order-writes.sh          # builds the orders bench first when it is not built
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

step "The orders bench (built now if it is not)"
bench="$(cargo bench --locked --workspace --bench orders --no-run --manifest-path "$ROOT/Cargo.toml" \
  --message-format json | sed -n 's/.*"executable":"\([^"]*orders-[^"]*\)".*/\1/p' | tail -1)"
[ -x "$bench" ] || { echo "the orders bench was not found" >&2; exit 1; }

work="$(mktemp -d)"
trap 'kill "${pid:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/tmp"
step "Placing orders for 8 s (64 buyers, spread products)"
(cd "$ROOT/api" && TMPDIR="$work/tmp" RUST_LOG=warn ORDER_BENCH_BUYERS=64 ORDER_BENCH_SECONDS=8 \
  ORDER_BENCH_ACCOUNTS="${ORDER_BENCH_ACCOUNTS:-20}" ORDER_BENCH_RUNS=spread \
  "$bench" --bench >"$work/bench.out" 2>&1) &
pid=$!

wait_for() {
  until grep -q "$1" "$work/bench.out" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$work/bench.out" >&2; exit 1; }
    sleep 0.05
  done
}
wait_for "orders/spread: running"
wal="$(ls -d "$work"/tmp/.tmp*/data/whisk.db/wal)"
cp -r "$wal" "$work/before"
# The bench waits for the run's mail to go out before it removes its store.
wait_for "orders/spread: 64 buyers"
cp -r "$wal" "$work/after"
wait "$pid"
grep "orders/spread: 64 buyers" "$work/bench.out"
orders="$(sed -n 's/.*64 buyers, \([0-9]*\) orders.*/\1/p' "$work/bench.out")"

python3 - "$work/before" "$work/after" "$orders" <<'EOF'
import collections, os, struct, sys

BLOCK = 32 * 1024  # SurrealKV's WAL: LevelDB-style 32 KiB blocks of fragmented records


def varint(data, at):
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def records(data):
    """Whole records (write batches) of a log segment: 7-byte headers (crc, length, type)."""
    # None until a record's first fragment: the start may fall inside a fragmented record.
    fragment, at = None, 0
    while at + 7 <= len(data):
        block_end = (at // BLOCK + 1) * BLOCK
        if block_end - at < 7:
            at = block_end
            continue
        _crc, size, kind = struct.unpack('>IHB', data[at:at + 7])
        if kind == 0 and size == 0:
            at = block_end
            continue
        if at + 7 + size > len(data):
            return  # a record still being written when the log was copied
        payload = data[at + 7:at + 7 + size]
        at += 7 + size
        if kind == 1:
            yield payload
        elif kind == 2:
            fragment = payload
        elif kind == 3 and fragment is not None:
            fragment += payload
        elif kind == 4 and fragment is not None:
            yield fragment + payload
            fragment = None


def what(key):
    """`/*<ns>*<db>*<table>\\0` then `*` a record, `+<index id>` an index entry, `!` other keys
    (`!dj`, `!dd`, `!di`: SurrealDB's ids of a record); `/*<ns>*<db>#` the change feed."""
    if key.startswith(b'/*') and key[6:7] == b'*' and key[11:12] == b'*':
        end = key.index(b'\x00', 12)
        table, mark = key[12:end].decode(errors='replace'), key[end + 1:end + 2]
        if mark == b'*':
            return f'{table} record'
        if mark == b'+':
            return f'{table} index #{int.from_bytes(key[end + 2:end + 6], "big")}'
        return f'{table} {key[end + 1:end + 4].decode(errors="replace")}'
    if key.startswith(b'/*') and key[6:7] == b'*':
        return 'change feed' if key[11:12] == b'#' else f'database {key[11:12]!r}'
    return f'store {key[:4]!r}'


before, after, orders = sys.argv[1], sys.argv[2], int(sys.argv[3])
size = collections.Counter()
count = collections.Counter()
for name in sorted(os.listdir(after)):
    data = open(os.path.join(after, name), 'rb').read()
    old = os.path.join(before, name)
    start = 0
    if os.path.exists(old):
        # From the first block boundary past what was there before the run: a copy may cut a
        # record, and records start whole only at a boundary. Misses at most one 32 KiB block.
        start = (os.path.getsize(old) // BLOCK + 1) * BLOCK
    for record in records(data[start:]):
        at = 1
        _sequence, at = varint(record, at)
        entries, at = varint(record, at)
        for _ in range(entries):
            at += 1  # set or delete
            key_length, at = varint(record, at)
            key = record[at:at + key_length]
            at += key_length
            value_length, at = varint(record, at)
            at += value_length
            _timestamp, at = varint(record, at)
            kind = what(key)
            size[kind] += key_length + value_length
            count[kind] += 1
total = sum(size.values())
print(f'{"bytes an order":>15} {"entries":>8}  key')
for key, bytes_ in size.most_common(20):
    print(f'{bytes_ / orders:15.0f} {count[key] / orders:8.2f}  {key}')
print(f'{total / orders:15.0f} {sum(count.values()) / orders:8.2f}  all ({orders} orders, '
      f'{total / 1e6:.1f} MB of keys and values)')
EOF
