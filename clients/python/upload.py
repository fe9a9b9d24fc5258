"""Uploads Arrow data to the sample app's admin REST API with pyarrow and requests: a one-shot upload
retried with the same Idempotency-Key, a staged transaction, and a channel.

    pip install pyarrow==26.0.1 requests
    PAIMON_URL=http://127.0.0.1:8080 PAIMON_ADMIN_TOKEN=secret python upload.py

NOT RUN IN CI: pyarrow cannot be installed on the project's CI machines. This script mirrors
clients/javascript/upload.mjs, which CI runs against the packaged sample app (JavaScriptClientTests);
it was written against pyarrow 26.0.1 and requests 2.x. See docs/clients.md.
"""
import datetime
import decimal
import json
import os
import random
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pyarrow as pa
import requests

URL = os.environ.get("PAIMON_URL", "http://127.0.0.1:8080") + "/paimon"
TOKEN = os.environ.get("PAIMON_ADMIN_TOKEN", "")
ARROW_STREAM = "application/vnd.apache.arrow.stream"


# The REST API's retry rule (docs/rest-api.md#retrying): these answers, and no answer at all, are sent again
# unchanged (same body, same Idempotency-Key or channel offsets: a repeat of a committed request is a no-op);
# every other status is final.
RETRY_STATUSES = {408, 429, 503}
RETRY_PROBLEM_TYPES = {"urn:paimon-spring:problem:channel-out-of-order"}
GIVE_UP_AFTER_SECONDS = 120


def backoff(attempt, retry_after=None):
    """Retry-After when the answer has it, else 0.5 s doubling up to 30 s, with jitter."""
    if retry_after:
        return float(retry_after)
    return random.uniform(0, min(30.0, 0.5 * 2 ** (attempt - 1)))


def send(method, path, body=None, content_type="application/json", headers=None):
    """Sends a request, again as long as the retry rule says so; returns the final response."""
    all_headers = {"Authorization": f"Bearer {TOKEN}", **(headers or {})}
    if body is not None:
        all_headers["Content-Type"] = content_type
    deadline = time.monotonic() + GIVE_UP_AFTER_SECONDS
    attempt = 0
    while True:
        attempt += 1
        try:
            response = requests.request(method, URL + path, data=body, headers=all_headers, timeout=60)
        except requests.ConnectionError:
            # no answer (refused, reset, timed out): the request may have been committed, the key decides
            if time.monotonic() > deadline:
                raise
            time.sleep(backoff(attempt))
            continue
        try:
            problem_type = response.json().get("type") if response.status_code >= 400 else None
        except ValueError:
            problem_type = None
        again = response.status_code in RETRY_STATUSES or problem_type in RETRY_PROBLEM_TYPES
        if not again or time.monotonic() > deadline:
            return response
        time.sleep(backoff(attempt, response.headers.get("Retry-After")))


def call(method, path, body=None, content_type="application/json", headers=None, expected=200):
    """Sends a request and returns the JSON answer; exits with the body on any final status but `expected`."""
    response = send(method, path, body, content_type, headers)
    if response.status_code != expected:
        sys.exit(f"{method} {path}: expected {expected}, got {response.status_code}\n{response.text}")
    return response.json() if response.text else None


def to_stream(table):
    """The IPC stream format (not the file format): schema, record batches, end-of-stream."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    return sink.getvalue().to_pybytes()


def post_arrow(path, table, headers=None, expected=200):
    return call("POST", path, to_stream(table), ARROW_STREAM, headers, expected)


def check(condition, message):
    if not condition:
        sys.exit(f"unexpected: {message}")


def orders(rows):
    """shop.orders rows as an Arrow table; the column types are those GET /tables/shop/orders names."""
    return pa.table({
        "order_id": pa.array([r["id"] for r in rows], pa.int64()),
        "dt": pa.array([r["dt"] for r in rows], pa.string()),
        "customer": pa.array([r["customer"] for r in rows], pa.string()),
        "amount": pa.array([None if r["amount"] is None else decimal.Decimal(r["amount"]) for r in rows],
                           pa.decimal128(10, 2)),
        "created_at": pa.array([r["created_at"] for r in rows], pa.timestamp("us")),
    })


def events(numbers):
    """shop.events rows (event_time is TIMESTAMP_LTZ(3): Timestamp(MILLISECOND, UTC))."""
    utc = datetime.timezone.utc
    return pa.table({
        "event_time": pa.array([datetime.datetime(2026, 11, 30, 12, 0, n, tzinfo=utc) for n in numbers],
                               pa.timestamp("ms", tz="UTC")),
        "kind": pa.array(["click"] * len(numbers), pa.string()),
        "payload": pa.array([f"event-{n}" for n in numbers], pa.string()),
    })


# (a) The table's columns and the Arrow types to send
table = call("GET", "/tables/shop/orders")
print("shop.orders columns:")
for field in table["fields"]:
    not_null = "" if field["nullable"] else " NOT NULL"
    print(f"  {field['name']}: {field['arrowType']}{not_null} ({field['paimonType']})")

# (b) One-shot upload with an idempotency key; the retry with the same key and body is a no-op
created_at = datetime.datetime(2026, 11, 30, 9, 15, 0, 250000)
first_orders = orders([
    {"id": 1001, "dt": "2026-11-30", "customer": "alice", "amount": "9.99", "created_at": created_at},
    {"id": 1002, "dt": "2026-11-30", "customer": "bob", "amount": None, "created_at": None},
])
key = "py-example-orders-1001-1002"
first = post_arrow("/tables/shop/orders/uploads", first_orders, {"Idempotency-Key": key})
print(f"upload {key}: committed={first['committed']} snapshotId={first['snapshotId']} rows={first['rows']}")
retry = post_arrow("/tables/shop/orders/uploads", first_orders, {"Idempotency-Key": key})
print(f"retry  {key}: committed={retry['committed']} snapshotId={retry['snapshotId']} rows={retry['rows']}")
check(retry["committed"] is False and retry["rows"] == 0 and retry["snapshotId"] == first["snapshotId"],
      "the retry committed again")

# (c) A staged transaction: open, upload two bodies, commit once. A stable commitUser and an identifier
# with filterCommitted make a repeated commit (or a rerun of this script) commit nothing new.
tx = call("POST", "/tables/shop/orders/transactions", json.dumps({"commitUser": "py-example"}), expected=201)
for order_id in (1003, 1004):
    part = orders([{"id": order_id, "dt": "2026-12-01", "customer": f"customer-{order_id}", "amount": "100.50",
                    "created_at": created_at}])
    uploaded = post_arrow(f"/transactions/{tx['id']}/batches", part)
    print(f"transaction {tx['id']}: uploaded rows={uploaded['rows']} totalRows={uploaded['totalRows']}")
committed = call("POST", f"/transactions/{tx['id']}/commit", json.dumps({"identifier": 1, "filterCommitted": True}))
print(f"transaction {tx['id']}: committed={committed['committed']} snapshotId={committed['snapshotId']} "
      f"rows={committed['rows']}")

# (d) A channel of shop.events: the producer resumes after the committed offset token. Offsets are event
# numbers; a batch's token is the number of its last event. Appends are pipelined: each names the token it
# follows (`after`), so the service keeps their order whatever order they arrive in. One that arrives
# before its predecessor waits for it, or is refused with 409 channel-out-of-order (send it again); a
# resent append is answered committed=false without writing anything.
channel = "/tables/shop/events/channels/py-example"
batches = [[1, 2], [3, 4]]


def append(generation, after, numbers):
    path = f"{channel}/rows?generation={generation}&after={after or ''}&offsetToken={numbers[-1]}"
    # a 409 channel-out-of-order (its predecessor is late) is sent again by the retry rule
    response = send("POST", path, to_stream(events(numbers)), ARROW_STREAM)
    if response.status_code == 200:
        return response.json()
    sys.exit(f"POST {path}: {response.status_code}\n{response.text}")


def produce(opened):
    done = 0 if opened["offsetToken"] is None else int(opened["offsetToken"])
    after = opened["offsetToken"]
    with ThreadPoolExecutor(max_workers=4) as pool:
        in_flight = []
        for numbers in batches:
            last = numbers[-1]
            if last <= done:
                print(f"channel: skip events {numbers} (at or before offset {done})")
                continue
            in_flight.append((numbers, pool.submit(append, opened["generation"], after, numbers)))
            after = str(last)
        for numbers, future in in_flight:
            appended = future.result()
            print(f"channel: appended events {numbers} offsetToken={numbers[-1]} committed={appended['committed']} "
                  f"rows={appended['rows']}")


opened = call("PUT", channel)
print(f"channel opened: generation={opened['generation']} offsetToken={opened['offsetToken']}")
produce(opened)
# a resend (a retry after a timeout, say) writes nothing
resent = append(opened["generation"], "2", [3, 4])
print(f"channel: resent events 3,4 committed={resent['committed']} rows={resent['rows']}")
check(not resent["committed"], "a resend writes nothing")

# After a crash the producer opens the channel again and resends nothing that was committed ...
reopened = call("PUT", channel)
print(f"channel reopened: generation={reopened['generation']} offsetToken={reopened['offsetToken']}")
produce(reopened)
# ... and an append still carrying the old generation is refused, nothing written
post_arrow(f"{channel}/rows?generation={opened['generation']}&after=4&offsetToken=6", events([5, 6]), expected=409)
print(f"channel: append of generation {opened['generation']} refused with 409")

state = call("GET", channel)
print(f"channel state: generation={state['generation']} offsetToken={state['offsetToken']} "
      f"snapshotId={state['snapshotId']}")
check(state["generation"] == reopened["generation"] and state["offsetToken"] == "4", "channel state")

# A producer that is done for good closes its channel: the answer is the state it had, the table forgets
# the channel (a later open starts without an offset token), and a retried close answers 404, changing nothing.
closed = call("DELETE", channel)
print(f"channel closed: generation={closed['generation']} offsetToken={closed['offsetToken']}")
check(closed["generation"] == reopened["generation"] and closed["offsetToken"] == "4", "closed channel state")
call("DELETE", channel, expected=404)
print("channel: retried close answered 404")
print("done")
