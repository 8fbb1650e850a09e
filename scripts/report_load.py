#!/usr/bin/env python3
"""The load client of scripts/bench-report-links: PLAYERS players of one published round report
their results through their report links (/report/{token}), each from a client of its own (its own
cookie jar: the page's anonymous CSRF cookie), all within --secs seconds (start times spread evenly;
--secs 0 sends them all at once). Each player GETs their link's page, then POSTs the result: Red
claims it first or second at random, and Black reports the same, so every board ends confirmed by
its two reports. Prints the requests' p50/p99/max, the 5xx and other failures, and how many boards
the API then shows with their result. Exits 1 on any 5xx, failure or unconfirmed board."""

import argparse
import concurrent.futures as cf
import http.cookiejar
import json
import random
import re
import time
import urllib.error
import urllib.parse
import urllib.request


def opener():
    return urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))


def call(op, url, data=None, headers=None):
    """(status, body, seconds)."""
    body = None if data is None else urllib.parse.urlencode(data).encode()
    req = urllib.request.Request(url, data=body, headers=headers or {})
    t = time.monotonic()
    try:
        with op.open(req, timeout=60) as r:
            return r.status, r.read().decode(), time.monotonic() - t
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(errors="replace"), time.monotonic() - t


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *a, **k):
        return None


def player(base, link, board, result, start_at, t0):
    op = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect())
    time.sleep(max(0.0, t0 + start_at - time.monotonic()))
    out = []
    status, page, dt = call(op, base + link)
    out.append(("GET", status, dt))
    m = re.search(r'name="csrf" value="([0-9a-f]+)"', page)
    if status != 200 or not m:
        return out
    status, _, dt = call(op, base + link,
                         {"csrf": m.group(1), "round": "1", "board": str(board), "result": result})
    out.append(("POST", status, dt))
    return out


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))] * 1000 if xs else 0.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--event", type=int, required=True)
    ap.add_argument("--token", required=True, help="API token of the organizer")
    ap.add_argument("--login", required=True, help="name:password of the organizer")
    ap.add_argument("--secs", type=float, default=60)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rnd = random.Random(a.seed)
    # The organizer prints the slips: the links, Red's before Black's in board order.
    org = opener()
    _, page, _ = call(org, a.base + "/login")
    csrf = re.search(r'name="csrf" value="([0-9a-f]+)"', page).group(1)
    name, password = a.login.split(":", 1)
    call(org, a.base + "/login", {"csrf": csrf, "name": name, "password": password})
    status, slips, _ = call(org, f"{a.base}/events/{a.event}/rounds/1/slips")
    assert status == 200, status
    links = re.findall(r'<a class="report-link" href="(/report/[0-9a-f]{64})" data-start="(\d+)"', slips)
    boards = re.findall(r'<section class="slip" data-board="(\d+)"', slips)
    assert len(links) == 2 * len(boards), (len(links), len(boards))
    jobs = []
    for i, b in enumerate(boards):
        result = rnd.choice(["1-0", "0-1", "1/2-1/2"])
        jobs.append((links[2 * i][0], int(b), result))
        jobs.append((links[2 * i + 1][0], int(b), result))
    rnd.shuffle(jobs)
    starts = [a.secs * k / len(jobs) for k in range(len(jobs))]
    t0 = time.monotonic() + 0.5
    with cf.ThreadPoolExecutor(max_workers=len(jobs)) as pool:
        futures = [pool.submit(player, a.base, link, b, r, s, t0)
                   for (link, b, r), s in zip(jobs, starts)]
        done = [x for f in futures for x in f.result()]
    wall = time.monotonic() - t0
    by = {m: [dt for mm, s, dt in done if mm == m] for m in ("GET", "POST")}
    five = [x for x in done if x[1] >= 500]
    bad = [x for x in done if (x[0] == "GET" and x[1] != 200) or (x[0] == "POST" and x[1] != 303)]
    api = urllib.request.Request(f"{a.base}/api/events/{a.event}/rounds/1",
                                 headers={"Authorization": f"Bearer {a.token}"})
    with urllib.request.urlopen(api) as r:
        round_ = json.loads(r.read())
    played = [b for b in round_["boards"] if b.get("black") is not None]
    confirmed = [b for b in played if b.get("result")]
    print(f"players: {len(jobs)} ({len(boards)} boards) reporting over {a.secs:g} s; wall {wall:.1f} s")
    for m in ("GET", "POST"):
        print(f"{m:4}: {len(by[m])} requests, p50 {pct(by[m], .5):.1f} ms, p99 {pct(by[m], .99):.1f} ms, "
              f"max {pct(by[m], 1):.1f} ms")
    print(f"5xx: {len(five)}; other failures: {len(bad) - len(five)}")
    print(f"boards confirmed by their two reports: {len(confirmed)}/{len(played)}")
    raise SystemExit(1 if five or bad or len(confirmed) != len(played) else 0)


if __name__ == "__main__":
    main()
