#!/usr/bin/env python3
"""Opens a page in headless Chromium, waits for its load event, evaluates a JavaScript expression
in it (awaiting a promise) and prints the value as JSON on stdout.

    chromium_eval.py CHROMIUM URL SCRIPT_FILE [TIMEOUT_SECONDS]

Chromium is driven through the DevTools protocol over --remote-debugging-pipe (file descriptors
3 and 4, messages ended by a NUL byte), so no port, no network and nothing beyond the standard
library. Exit status: 0 with the value printed; 1 when the script throws or time runs out.
"""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self, chromium, timeout):
        self.deadline = time.monotonic() + timeout
        self.profile = tempfile.mkdtemp(prefix="recite-chromium-")
        to_chrome_r, to_chrome_w = os.pipe()
        from_chrome_r, from_chrome_w = os.pipe()

        def as_fds_3_and_4():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--user-data-dir=" + self.profile, "--no-first-run", "--mute-audio",
             # The pages under test load their audio and captions from files beside them.
             "--allow-file-access-from-files", "--autoplay-policy=no-user-gesture-required",
             "about:blank"],
            pass_fds=(to_chrome_r, from_chrome_w, 3, 4), preexec_fn=as_fds_3_and_4,
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.out = to_chrome_w
        self.inp = from_chrome_r
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        return self.next_id

    def receive(self):
        while b"\0" not in self.buffer:
            left = self.deadline - time.monotonic()
            if left <= 0 or not select.select([self.inp], [], [], left)[0]:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self.inp, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method, params=None, session=None):
        wanted = self.send(method, params, session)
        while True:
            message = self.receive()
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            self.events.append(message)

    def wait_for_event(self, method, session):
        while True:
            for i, event in enumerate(self.events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self.events.pop(i)
            self.events.append(self.receive())

    def close(self):
        try:
            self.send("Browser.close")
            self.process.wait(5)
        except Exception:
            self.process.kill()
            self.process.wait()
        os.close(self.out)
        os.close(self.inp)
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    chromium, url, script_file = sys.argv[1:4]
    timeout = float(sys.argv[4]) if len(sys.argv) == 5 else 60
    with open(script_file, encoding="utf-8") as f:
        expression = f.read()
    browser = Browser(chromium, timeout)
    try:
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        browser.call("Page.enable", session=session)
        browser.call("Page.navigate", {"url": url}, session)
        browser.wait_for_event("Page.loadEventFired", session)
        result = browser.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                                   "returnByValue": True}, session)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            message = details.get("exception", {}).get("description") or details.get("text")
            sys.exit(f"chromium_eval: the script threw: {message}")
        print(json.dumps(result["result"].get("value")))
    except (TimeoutError, RuntimeError) as error:
        sys.exit(f"chromium_eval: {error}")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
