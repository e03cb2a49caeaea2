// The connection line of the sheet page (scoring/static/scoring/sheet/messages.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { connectionLine } from "../../scoring/static/scoring/sheet/messages.js";

const msg = (name) => ({
  offline: "Offline.", sending: "Sending…", queued: "Queued.", waiting: "Waiting: {count}.",
})[name];

test("the connection line says what the page is waiting for", () => {
  const calm = { closed: "", online: true, sending: false, queued: false, waiting: 0 };
  assert.deepEqual(connectionLine(calm, msg), { text: "", kind: "" });
  assert.deepEqual(connectionLine({ ...calm, waiting: 2 }, msg), { text: "", kind: "" });
  assert.deepEqual(connectionLine({ ...calm, online: false, waiting: 2 }, msg),
    { text: "Offline. Waiting: 2.", kind: "bad" });
  assert.deepEqual(connectionLine({ ...calm, sending: true, waiting: 1 }, msg),
    { text: "Sending… Waiting: 1.", kind: "busy" });
  assert.deepEqual(connectionLine({ ...calm, queued: true, waiting: 3 }, msg),
    { text: "Queued. Waiting: 3.", kind: "bad" });
  assert.deepEqual(connectionLine({ ...calm, closed: "Closed.", waiting: 3, online: false }, msg),
    { text: "Closed.", kind: "bad" });
});
