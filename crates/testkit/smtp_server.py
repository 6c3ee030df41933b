"""A real SMTP server (aiosmtpd, from PyPI) for the tests of Cohort's mail delivery.

testkit::smtp starts it on a loopback port with the behaviour a test needs and reads what it
received from a directory: one JSON file per accepted message, and a line in attempts.log for
every message offered (accepted, refused, dropped, or abandoned by a client that stopped
waiting), so a test can count both.

    python smtp_server.py --port 2525 --dir /tmp/mail [--starttls CERT KEY | --tls CERT KEY]
        [--auth USER:PASSWORD] [--refuse N] [--drop N] [--delay SECONDS]
"""

import argparse
import asyncio
import json
import os
import ssl
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--starttls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--auth", metavar="USER:PASSWORD")
    parser.add_argument("--refuse", type=int, default=0, help="answer 451 to the first N messages")
    parser.add_argument("--drop", type=int, default=0, help="close the connection on the first N messages")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds before answering each message")
    return parser.parse_args()


class Keeper:
    """Keeps each accepted message; refuses, drops or delays as told."""

    def __init__(self, args):
        self.args = args
        self.offered = 0
        self.lock = threading.Lock()

    def log(self, outcome):
        with open(os.path.join(self.args.dir, "attempts.log"), "a") as log:
            log.write(outcome + "\n")

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.offered += 1
            offered = self.offered
        if self.args.delay:
            await asyncio.sleep(self.args.delay)
            if server.transport is None or server.transport.is_closing():
                # The client gave up waiting: nothing was accepted.
                self.log("abandoned")
                return "421 too late"
        if offered <= self.args.drop:
            self.log("dropped")
            server.transport.close()
            return "421 closing the connection"
        if offered <= self.args.drop + self.args.refuse:
            self.log("refused")
            return "451 4.3.0 try again later"
        login = session.auth_data.login.decode() if isinstance(session.auth_data, LoginPassword) else None
        # STARTTLS sets session.ssl; TLS from the first byte shows on the transport.
        tls = session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None
        message = {
            "from": envelope.mail_from,
            "to": envelope.rcpt_tos,
            "tls": tls,
            "login": login,
            "data": envelope.content.decode("utf-8", "replace"),
        }
        path = os.path.join(self.args.dir, f"{offered:06}.json")
        with open(path + ".part", "w") as out:
            json.dump(message, out)
        os.rename(path + ".part", path)
        self.log("accepted")
        return "250 2.0.0 accepted"


def tls_context(cert, key):
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    return context


def main():
    args = parse_args()
    os.makedirs(args.dir, exist_ok=True)
    kwargs = {}
    if args.starttls:
        kwargs.update(tls_context=tls_context(*args.starttls), require_starttls=True)
    if args.auth:
        user, password = args.auth.split(":", 1)

        def authenticator(server, session, envelope, mechanism, auth_data):
            fits = (
                isinstance(auth_data, LoginPassword)
                and auth_data.login.decode() == user
                and auth_data.password.decode() == password
            )
            # handled=False: the server answers 535 itself.
            return AuthResult(success=fits, handled=False, auth_data=auth_data)

        kwargs.update(
            authenticator=authenticator,
            auth_required=True,
            # Over a plain connection (a test of plain SMTP with AUTH) the password may pass in clear.
            auth_require_tls=bool(args.starttls or args.tls),
        )
    controller = Controller(
        Keeper(args),
        hostname="127.0.0.1",
        port=args.port,
        ssl_context=tls_context(*args.tls) if args.tls else None,
        server_hostname="localhost",
        **kwargs,
    )
    controller.start()
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
