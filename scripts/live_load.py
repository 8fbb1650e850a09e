#!/usr/bin/env python3
"""The load client of scripts/bench-live and scripts/bench-hosted.

Holds SPECTATORS Server-Sent Events streams of one event (`GET /events/{id}/live`) open, spread over
the --streams servers (e.g. instance B directly and the proxy), in --procs processes; stores results
through the JSON API on --writes at --rate writes/s for --secs seconds; optionally views pages
(round, standings, crosstable, rounds list) on --pages with --page-conns keep-alive connections.

For every write and every stream it measures the delay from sending the write to that stream
receiving a change with the write's version or a later one (the versions are the audit entries' ids,
read from the database afterwards: --db is the SQLite file or a postgres:// URL, read with psql).
Prints the delays' p50/p99/max per stream target, the writes' and pages' own p50/p99 and rates, and
errors (streams refused or ended, writes or pages failed, changes missed). Exits 1 on any error.
"""

import argparse
import asyncio
import json
import multiprocessing as mp
import sqlite3
import subprocess
import sys
import time
import urllib.parse


def hostport(url):
    u = urllib.parse.urlparse(url)
    return u.hostname, u.port or 80


async def read_body(r, headers):
    """Reads an HTTP/1.1 response body (Content-Length or chunked)."""
    if headers.get("transfer-encoding") == "chunked":
        body = b""
        while True:
            size = int((await r.readline()).strip() or b"0", 16)
            chunk = await r.readexactly(size + 2)
            if size == 0:
                return body
            body += chunk[:-2]
    n = int(headers.get("content-length", "0"))
    return await r.readexactly(n) if n else b""


async def read_head(r):
    status_line = await r.readline()
    if not status_line:
        raise ConnectionError("closed")
    status = int(status_line.split()[1])
    headers = {}
    while True:
        line = await r.readline()
        if line in (b"\r\n", b""):
            break
        k, _, v = line.decode("latin-1").partition(":")
        headers[k.strip().lower()] = v.strip()
    return status, headers


async def spectator(url, event, got, errors, opened, stop):
    host, port = hostport(url)
    try:
        r, w = await asyncio.open_connection(host, port)
        w.write(f"GET /events/{event}/live HTTP/1.1\r\nHost: {host}\r\n"
                "Accept: text/event-stream\r\n\r\n".encode())
        await w.drain()
        status, headers = await read_head(r)
        if status != 200:
            errors["refused"] += 1
            return
        opened[0] += 1
        # Read in blocks and split messages at blank lines (cheaper than a readline per field, so
        # one client process keeps up with many streams). Chunk-size lines of a chunked body sit
        # between messages and are skipped with the other lines that are not fields.
        buf = b""
        while not stop.is_set():
            block = await r.read(65536)
            if not block:
                errors["ended"] += 1
                return
            buf += block
            *messages, buf = buf.split(b"\n\n")
            now = time.monotonic()
            for m in messages:
                if b"event: change" not in m:
                    continue
                k = m.find(b"id: ")
                if k >= 0:
                    got.append((now, int(m[k + 4:m.index(b"\n", k)])))
        w.close()
    except Exception:
        errors["ended"] += 1


def spectators_proc(urls, event, count, offset, secs_until, ready, out):
    """One process's share of the streams, opened round-robin over the targets from `offset`."""
    async def run():
        stop = asyncio.Event()
        errors = {"refused": 0, "ended": 0}
        opened = [0]
        streams = []
        tasks = []
        for k in range(count):
            url = urls[(offset + k) % len(urls)]
            got = []
            streams.append((url, got))
            tasks.append(asyncio.create_task(spectator(url, event, got, errors, opened, stop)))
            if k % 100 == 99:
                await asyncio.sleep(0.05)
        deadline = time.monotonic() + 60
        while opened[0] + errors["refused"] + errors["ended"] < count and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        ready.put(opened[0])
        end = secs_until.get()
        await asyncio.sleep(max(0, end - time.monotonic()))
        stop.set()
        for t in tasks:
            t.cancel()
        out.put({"streams": streams, "errors": errors})
    asyncio.run(run())


def writer_proc(url, token, event, boards, start, secs, rate, out):
    host, port = hostport(url)

    async def put(board, result):
        r, w = await asyncio.open_connection(host, port)
        body = json.dumps({"result": result}).encode()
        w.write((f"PUT /api/events/{event}/rounds/1/boards/{board}/result HTTP/1.1\r\nHost: {host}\r\n"
                 f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body)
        await w.drain()
        status, headers = await read_head(r)
        await read_body(r, headers)
        w.close()
        return status

    async def one(board, result, done):
        s = time.monotonic()
        try:
            status = await put(board, result)
        except Exception as e:
            status = type(e).__name__
        ok = status == 200
        if not ok:
            why[str(status)] = why.get(str(status), 0) + 1
        done.append((s, time.monotonic() - s, ok))

    why = {}

    async def run():
        # Each write is sent at its time, whether or not the earlier ones were answered.
        results = ["1-0", "0-1", "1/2-1/2"]
        done, tasks = [], []
        await asyncio.sleep(max(0, start - time.monotonic()))
        i = 0
        while time.monotonic() - start < secs:
            due = start + i / rate
            now = time.monotonic()
            if due > now:
                await asyncio.sleep(due - now)
            tasks.append(asyncio.create_task(one(i % boards + 1, results[(i // boards) % 3], done)))
            i += 1
        await asyncio.gather(*tasks)
        done.sort()
        out.put({"sent": [s for s, _, ok in done if ok], "took": [t for _, t, _ in done],
                 "failed": sum(1 for _, _, ok in done if not ok), "why": why})
    asyncio.run(run())


def pages_proc(url, paths, conns, start, secs, out):
    host, port = hostport(url)

    async def viewer(k, took, errors):
        r = w = None
        i = k
        while time.monotonic() - start < secs:
            path = paths[i % len(paths)]
            i += 1
            try:
                if w is None:
                    r, w = await asyncio.open_connection(host, port)
                s = time.monotonic()
                w.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
                await w.drain()
                status, headers = await read_head(r)
                await read_body(r, headers)
                took.append(time.monotonic() - s)
                if status != 200:
                    errors["status"] += 1
                if headers.get("connection", "").lower() == "close":
                    w.close()
                    w = None
            except Exception:
                errors["failed"] += 1
                w = None
        if w is not None:
            w.close()

    async def run():
        took, errors = [], {"status": 0, "failed": 0}
        await asyncio.sleep(max(0, start - time.monotonic()))
        await asyncio.gather(*(viewer(k, took, errors) for k in range(conns)))
        out.put({"took": took, "errors": errors})
    asyncio.run(run())


def versions_of(db, event):
    """The ids of the event's result audit entries, in order (the versions the writes made)."""
    sql = (f"SELECT id FROM audit_log WHERE event_id = {int(event)} "
           "AND action LIKE '%result%' ORDER BY id")
    if db.startswith("postgres"):
        out = subprocess.run(["psql", "-X", "-At", db, "-c", sql], check=True,
                             capture_output=True, text=True).stdout
        return [int(x) for x in out.split()]
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    return [v for (v,) in con.execute(sql)]


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] * 1000 if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--streams", required=True, help="comma-separated base URLs for the streams")
    ap.add_argument("--writes", required=True, help="base URL the results are stored through")
    ap.add_argument("--pages", help="base URL the pages are viewed through")
    ap.add_argument("--page-conns", type=int, default=8)
    ap.add_argument("--token", required=True)
    ap.add_argument("--event", type=int, required=True)
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--spectators", type=int, default=2000)
    ap.add_argument("--secs", type=float, default=60)
    ap.add_argument("--rate", type=float, default=20)
    ap.add_argument("--procs", type=int, default=1, help="processes holding the streams")
    ap.add_argument("--db", required=True, help="SQLite file or postgres:// URL (versions)")
    a = ap.parse_args()
    urls = a.streams.split(",")

    ctx = mp.get_context("fork")
    ready, ends, outs = ctx.Queue(), ctx.Queue(), ctx.Queue()
    share = [a.spectators // a.procs + (1 if k < a.spectators % a.procs else 0) for k in range(a.procs)]
    procs, offset = [], 0
    for n in share:
        p = ctx.Process(target=spectators_proc, args=(urls, a.event, n, offset, ends, ready, outs))
        p.start()
        procs.append(p)
        offset += n
    opened = sum(ready.get() for _ in procs)
    start = time.monotonic() + 1
    end = start + a.secs + 2
    for _ in procs:
        ends.put(end)
    wq, pq = ctx.Queue(), ctx.Queue()
    writer = ctx.Process(target=writer_proc,
                         args=(a.writes, a.token, a.event, a.boards, start, a.secs, a.rate, wq))
    writer.start()
    pager = None
    if a.pages:
        paths = [f"/events/{a.event}/rounds/1", f"/events/{a.event}/standings",
                 f"/events/{a.event}/crosstable", f"/events/{a.event}/rounds"]
        pager = ctx.Process(target=pages_proc, args=(a.pages, paths, a.page_conns, start, a.secs, pq))
        pager.start()
    w = wq.get()
    pg = pq.get() if pager else None
    held = [outs.get() for _ in procs]
    for p in procs + [writer] + ([pager] if pager else []):
        p.join()

    sent = w["sent"]
    versions = versions_of(a.db, a.event)[-len(sent):] if sent else []
    errors = {"refused": 0, "ended": 0, "write": w["failed"], "missed": 0}
    by_target = {u: [] for u in urls}
    for h in held:
        for k in ("refused", "ended"):
            errors[k] += h["errors"][k]
        for url, got in h["streams"]:
            j = 0
            for s, v in zip(sent, versions):
                while j < len(got) and got[j][1] < v:
                    j += 1
                if j == len(got):
                    errors["missed"] += 1
                else:
                    by_target[url].append(got[j][0] - s)
    everything = [d for ds in by_target.values() for d in ds]
    print(f"spectators {a.spectators} ({opened} opened) over {', '.join(urls)}; writes {len(sent)} "
          f"in {a.secs:.0f} s ({len(sent) / a.secs:.1f}/s) through {a.writes}; "
          f"audit entries matched {len(versions)}")
    for url, ds in by_target.items():
        print(f"  write -> SSE change on {url}: p50 {pct(ds, .5):.1f} ms, p99 {pct(ds, .99):.1f} ms, "
              f"max {pct(ds, 1):.1f} ms over {len(ds)} deliveries")
    print(f"write -> SSE change, all streams: p50 {pct(everything, .5):.1f} ms, "
          f"p99 {pct(everything, .99):.1f} ms, max {pct(everything, 1):.1f} ms")
    print(f"writes: p50 {pct(w['took'], .5):.1f} ms, p99 {pct(w['took'], .99):.1f} ms"
          + (f"; failed: {w['why']}" if w["why"] else ""))
    if pg:
        t = pg["took"]
        errors["page status"] = pg["errors"]["status"]
        errors["page failed"] = pg["errors"]["failed"]
        print(f"pages through {a.pages} ({a.page_conns} connections): {len(t)} in {a.secs:.0f} s "
              f"({len(t) / a.secs:.0f}/s), p50 {pct(t, .5):.1f} ms, p99 {pct(t, .99):.1f} ms, "
              f"max {pct(t, 1):.1f} ms")
    print(f"errors: {errors}")
    sys.exit(1 if any(errors.values()) else 0)


if __name__ == "__main__":
    main()
