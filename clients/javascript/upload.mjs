// Uploads Arrow data to the sample app's admin REST API with apache-arrow and fetch (Node 20+):
// a one-shot upload retried with the same Idempotency-Key, a staged transaction, and a channel.
//
//   npm ci && PAIMON_URL=http://127.0.0.1:8080 PAIMON_ADMIN_TOKEN=secret node upload.mjs
//
// Run by http-tests (JavaScriptClientTests) against the packaged sample app; see docs/clients.md.
import {
	Decimal, Int64, Table, TimestampMicrosecond, TimestampMillisecond, Utf8, tableToIPC, vectorFromArray,
} from 'apache-arrow';

const url = (process.env.PAIMON_URL ?? 'http://127.0.0.1:8080') + '/paimon';
const token = process.env.PAIMON_ADMIN_TOKEN ?? '';
const ARROW_STREAM = 'application/vnd.apache.arrow.stream';

// The REST API's retry rule (docs/rest-api.md#retrying): these answers, and no answer at all, are sent again
// unchanged (same body, same Idempotency-Key or channel offsets: a repeat of a committed request is a no-op);
// every other status is final.
const RETRY_STATUSES = [408, 429, 503];
const RETRY_PROBLEM_TYPES = ['urn:paimon-spring:problem:channel-out-of-order'];
const GIVE_UP_AFTER_MILLIS = 120_000;

const pause = (millis) => new Promise((resolve) => setTimeout(resolve, millis));

/** Retry-After when the answer has it, else 0.5 s doubling up to 30 s, with jitter. */
function backoff(attempt, retryAfter) {
	if (retryAfter) {
		return Number(retryAfter) * 1000;
	}
	return Math.random() * Math.min(30_000, 500 * 2 ** (attempt - 1));
}

/** Sends a request, again as long as the retry rule says so; returns the final status and JSON answer. */
async function send(method, path, { body, type = 'application/json', headers = {} } = {}) {
	const deadline = Date.now() + GIVE_UP_AFTER_MILLIS;
	for (let attempt = 1; ; attempt++) {
		let response;
		try {
			response = await fetch(url + path, {
				method,
				body,
				headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': type } : {}), ...headers },
			});
		}
		catch (error) {
			// no answer (refused, reset, timed out): the request may have been committed, the key decides
			if (Date.now() > deadline) {
				throw error;
			}
			await pause(backoff(attempt));
			continue;
		}
		const text = await response.text();
		let answer = null;
		try {
			answer = text ? JSON.parse(text) : null;
		}
		catch {
			answer = { detail: text };
		}
		const again = RETRY_STATUSES.includes(response.status) || RETRY_PROBLEM_TYPES.includes(answer?.type);
		if (!again || Date.now() > deadline) {
			return { status: response.status, answer, text };
		}
		await pause(backoff(attempt, response.headers.get('Retry-After')));
	}
}

/** Sends a request and returns the JSON answer; exits with the body on any final status but `expected`. */
async function call(method, path, { body, type = 'application/json', headers = {}, expected = 200 } = {}) {
	const { status, answer, text } = await send(method, path, { body, type, headers });
	if (status !== expected) {
		console.error(`${method} ${path}: expected ${expected}, got ${status}\n${text}`);
		process.exit(1);
	}
	return answer;
}

const postArrow = (path, table, options = {}) =>
	call('POST', path, { ...options, body: tableToIPC(table, 'stream'), type: ARROW_STREAM });

function check(condition, message) {
	if (!condition) {
		console.error(`unexpected: ${message}`);
		process.exit(1);
	}
}

/** A DECIMAL(p, s) value for apache-arrow: the unscaled value as four little-endian 32-bit words. */
function decimal128(text, scale) {
	const [whole, fraction = ''] = text.split('.');
	const unscaled = BigInt(whole + fraction.padEnd(scale, '0'));
	return new Uint32Array(new BigInt64Array([unscaled, unscaled >> 64n]).buffer);
}

/** shop.orders rows as an Arrow table; the column types are those GET /tables/shop/orders names. */
function orders(rows) {
	return new Table({
		order_id: vectorFromArray(rows.map((r) => BigInt(r.id)), new Int64()),
		dt: vectorFromArray(rows.map((r) => r.dt), new Utf8()),
		customer: vectorFromArray(rows.map((r) => r.customer), new Utf8()),
		// new Decimal(scale, precision, bitWidth): scale first
		amount: vectorFromArray(rows.map((r) => (r.amount == null ? null : decimal128(r.amount, 2))),
			new Decimal(2, 10, 128)),
		// timestamps are given as Date (or epoch milliseconds); the builder converts to the unit
		created_at: vectorFromArray(rows.map((r) => r.createdAt), new TimestampMicrosecond()),
	});
}

/** shop.events rows (event_time is TIMESTAMP_LTZ(3): Timestamp(MILLISECOND, UTC)). */
function events(numbers) {
	return new Table({
		event_time: vectorFromArray(numbers.map((n) => new Date(Date.UTC(2026, 10, 30, 12, 0, n))),
			new TimestampMillisecond('UTC')),
		kind: vectorFromArray(numbers.map(() => 'click'), new Utf8()),
		payload: vectorFromArray(numbers.map((n) => `event-${n}`), new Utf8()),
	});
}

// (a) The table's columns and the Arrow types to send
const table = await call('GET', '/tables/shop/orders');
console.log('shop.orders columns:');
for (const field of table.fields) {
	console.log(`  ${field.name}: ${field.arrowType}${field.nullable ? '' : ' NOT NULL'} (${field.paimonType})`);
}

// (b) One-shot upload with an idempotency key; the retry with the same key and body is a no-op
const createdAt = new Date(Date.UTC(2026, 10, 30, 9, 15, 0, 250));
const firstOrders = orders([
	{ id: 1001, dt: '2026-11-30', customer: 'alice', amount: '9.99', createdAt },
	{ id: 1002, dt: '2026-11-30', customer: 'bob', amount: null, createdAt: null },
]);
const key = 'js-example-orders-1001-1002';
const first = await postArrow('/tables/shop/orders/uploads', firstOrders, { headers: { 'Idempotency-Key': key } });
console.log(`upload ${key}: committed=${first.committed} snapshotId=${first.snapshotId} rows=${first.rows}`);
const retry = await postArrow('/tables/shop/orders/uploads', firstOrders, { headers: { 'Idempotency-Key': key } });
console.log(`retry  ${key}: committed=${retry.committed} snapshotId=${retry.snapshotId} rows=${retry.rows}`);
check(retry.committed === false && retry.rows === 0 && retry.snapshotId === first.snapshotId,
	'the retry committed again');

// (c) A staged transaction: open, upload two bodies, commit once. A stable commitUser and an identifier
// with filterCommitted make a repeated commit (or a rerun of this script) commit nothing new.
const tx = await call('POST', '/tables/shop/orders/transactions',
	{ body: JSON.stringify({ commitUser: 'js-example' }), expected: 201 });
for (const id of [1003, 1004]) {
	const part = orders([{ id, dt: '2026-12-01', customer: `customer-${id}`, amount: '100.50', createdAt }]);
	const uploaded = await postArrow(`/transactions/${tx.id}/batches`, part);
	console.log(`transaction ${tx.id}: uploaded rows=${uploaded.rows} totalRows=${uploaded.totalRows}`);
}
const committed = await call('POST', `/transactions/${tx.id}/commit`,
	{ body: JSON.stringify({ identifier: 1, filterCommitted: true }) });
console.log(`transaction ${tx.id}: committed=${committed.committed} snapshotId=${committed.snapshotId}`
	+ ` rows=${committed.rows}`);

// (d) A channel of shop.events: the producer resumes after the committed offset token. Offsets are event
// numbers; a batch's token is the number of its last event. Appends are pipelined: each names the token it
// follows (`after`), so the service keeps their order whatever order they arrive in. One that arrives
// before its predecessor waits for it, or is refused with 409 channel-out-of-order (send it again); a
// resent append is answered committed=false without writing anything.
const channel = '/tables/shop/events/channels/js-example';
const batches = [[1, 2], [3, 4]];
async function append(generation, after, numbers) {
	const last = numbers[numbers.length - 1];
	const path = `${channel}/rows?generation=${generation}&after=${after ?? ''}&offsetToken=${last}`;
	// a 409 channel-out-of-order (its predecessor is late) is sent again by the retry rule
	const { status, answer } = await send('POST', path, { body: tableToIPC(events(numbers), 'stream'), type: ARROW_STREAM });
	if (status === 200) {
		return answer;
	}
	console.error(`POST ${path}: ${status}\n${JSON.stringify(answer)}`);
	process.exit(1);
}
async function produce(opened) {
	const done = opened.offsetToken == null ? 0 : Number(opened.offsetToken);
	let after = opened.offsetToken;
	const inFlight = [];
	for (const numbers of batches) {
		const last = numbers[numbers.length - 1];
		if (last <= done) {
			console.log(`channel: skip events ${numbers} (at or before offset ${done})`);
			continue;
		}
		inFlight.push(append(opened.generation, after, numbers).then((appended) => console.log(
			`channel: appended events ${numbers} offsetToken=${last} committed=${appended.committed} rows=${appended.rows}`)));
		after = String(last);
	}
	await Promise.all(inFlight);
}
const opened = await call('PUT', channel);
console.log(`channel opened: generation=${opened.generation} offsetToken=${opened.offsetToken}`);
await produce(opened);
// a resend (a retry after a timeout, say) writes nothing
const resent = await append(opened.generation, '2', [3, 4]);
console.log(`channel: resent events 3,4 committed=${resent.committed} rows=${resent.rows}`);
check(!resent.committed, 'a resend writes nothing');

// After a crash the producer opens the channel again and resends nothing that was committed ...
const reopened = await call('PUT', channel);
console.log(`channel reopened: generation=${reopened.generation} offsetToken=${reopened.offsetToken}`);
await produce(reopened);
// ... and an append still carrying the old generation is refused, nothing written
await postArrow(`${channel}/rows?generation=${opened.generation}&after=4&offsetToken=6`, events([5, 6]), { expected: 409 });
console.log(`channel: append of generation ${opened.generation} refused with 409`);

const state = await call('GET', channel);
console.log(`channel state: generation=${state.generation} offsetToken=${state.offsetToken}`
	+ ` snapshotId=${state.snapshotId}`);
check(state.generation === reopened.generation && state.offsetToken === '4', 'channel state');

// A producer that is done for good closes its channel: the answer is the state it had, the table forgets
// the channel (a later open starts without an offset token), and a retried close answers 404, changing nothing.
const closed = await call('DELETE', channel);
console.log(`channel closed: generation=${closed.generation} offsetToken=${closed.offsetToken}`);
check(closed.generation === reopened.generation && closed.offsetToken === '4', 'closed channel state');
await call('DELETE', channel, { expected: 404 });
console.log('channel: retried close answered 404');
console.log('done');
