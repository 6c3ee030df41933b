"""localstripe with the parts of Stripe it lacks and Cohort's payouts use.

localstripe (PyPI) fakes Stripe's charges, refunds and webhooks but not Connect. Cohort pays
a funded project out, one transfer per milestone tranche, to its owner's Connect account,
and takes a transfer back with a reversal. This launcher adds, in localstripe's own resource
style and with Stripe's documented shapes:

- `POST /v1/accounts`, `GET /v1/accounts/{id}`: Express accounts, `payouts_enabled` false
  until onboarded;
- `POST /v1/account_links`: an onboarding link; opening it onboards the account (as a
  completed Stripe form would) and redirects to `return_url`;
- `POST /v1/transfers`, `GET /v1/transfers[/{id}]`: transfers to an onboarded account;
- `POST /v1/transfers/{id}/reversals`: a reversal of the rest of a transfer;
- the `Idempotency-Key` header on every POST: the same key replays the first answer, also
  when the two requests arrive at once, and a reuse with other parameters is refused, as
  Stripe does.

Run it with localstripe's Python (`just localstripe` installs both):
`python scripts/localstripe_connect.py --port N --from-scratch`.
"""

import asyncio
import json

from aiohttp import web
from localstripe import server
from localstripe.errors import UserError
from localstripe.resources import StripeObject, try_convert_to_int


class Account(StripeObject):
    object = 'account'
    _id_prefix = 'acct_'

    def __init__(self, type=None, country=None, capabilities=None,
                 metadata=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        if type not in ('express', 'standard', 'custom'):
            raise UserError(400, 'Bad request: type')
        super().__init__()
        self.type = type
        self.country = country or 'US'
        self.capabilities = {name: 'inactive'
                             for name in (capabilities or {}).keys()}
        self.metadata = metadata or {}
        self.details_submitted = False
        self.charges_enabled = False
        self.payouts_enabled = False

    def _onboard(self):
        self.details_submitted = True
        self.payouts_enabled = True
        self.capabilities = {name: 'active' for name in self.capabilities}


class AccountLink(StripeObject):
    object = 'account_link'
    _id_prefix = 'acctlink_'

    def __init__(self, account=None, refresh_url=None, return_url=None,
                 type=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        Account._api_retrieve(account or '')
        if type != 'account_onboarding' or not return_url:
            raise UserError(400, 'Bad request')
        super().__init__()
        self.account = account
        self.return_url = return_url
        self.refresh_url = refresh_url
        self.expires_at = self.created + 300
        self.url = f'{PUBLIC_URL}/_config/connect/onboard/{self.id}'


class Transfer(StripeObject):
    object = 'transfer'
    _id_prefix = 'tr_'

    def __init__(self, amount=None, currency=None, destination=None,
                 metadata=None, description=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        amount = try_convert_to_int(amount)
        if type(amount) is not int or amount <= 0 or not currency:
            raise UserError(400, 'Bad request: amount and currency')
        account = Account._api_retrieve(destination or '')
        if not account.payouts_enabled:
            raise UserError(400, 'The destination account cannot receive '
                                 'transfers until it is onboarded.')
        super().__init__()
        self.amount = amount
        self.currency = currency
        self.destination = destination
        self.description = description
        self.metadata = metadata or {}
        self.amount_reversed = 0
        self.reversed = False
        self.reversals = []

    @classmethod
    def _api_reverse(cls, id, amount=None, **kwargs):
        if kwargs:
            raise UserError(400, 'Unexpected ' + ', '.join(kwargs.keys()))
        transfer = cls._api_retrieve(id)
        left = transfer.amount - transfer.amount_reversed
        amount = left if amount is None else try_convert_to_int(amount)
        if type(amount) is not int or amount <= 0 or amount > left:
            raise UserError(400, 'The reversal exceeds what is left of the '
                                 'transfer.')
        reversal = TransferReversal(transfer.id, amount, transfer.currency)
        transfer.amount_reversed += amount
        transfer.reversed = transfer.amount_reversed == transfer.amount
        transfer.reversals.append(reversal.id)
        return reversal


class TransferReversal(StripeObject):
    object = 'transfer_reversal'
    _id_prefix = 'trr_'

    def __init__(self, transfer, amount, currency):
        super().__init__()
        self.transfer = transfer
        self.amount = amount
        self.currency = currency


# Where the onboarding links point (set from the port at start).
PUBLIC_URL = 'http://127.0.0.1:8420'


async def onboard(request):
    """Opening an onboarding link completes the onboarding: the account
    takes transfers, and the browser goes back to `return_url`."""
    link = AccountLink._api_retrieve(request.match_info['id'])
    Account._api_retrieve(link.account)._onboard()
    raise web.HTTPFound(link.return_url)


# The first answer to each idempotency key (and the request it answered), and
# the requests still being answered, so a request arriving beside the first
# waits for it.
answered = {}
answering = {}


@web.middleware
async def idempotency(request, handler):
    key = request.headers.get('Idempotency-Key')
    if request.method != 'POST' or not key:
        return await handler(request)
    sent = (request.path, await request.text())
    while key in answering:
        await asyncio.shield(answering[key])
    if key in answered:
        first, status, body = answered[key]
        if first != sent:
            raise UserError(400, 'Keys for idempotent requests can only be '
                                 'used with the same parameters they were '
                                 'first used with.')
        return web.json_response(body, status=status,
                                 headers={'Idempotent-Replayed': 'true'})
    done = asyncio.get_running_loop().create_future()
    answering[key] = done
    try:
        response = await handler(request)
        if response.status < 500 and response.body is not None:
            answered[key] = (sent, response.status,
                             json.loads(response.body))
        return response
    finally:
        del answering[key]
        done.set_result(None)


def main():
    global PUBLIC_URL
    import sys
    port = 8420
    if '--port' in sys.argv:
        port = int(sys.argv[sys.argv.index('--port') + 1])
    PUBLIC_URL = f'http://127.0.0.1:{port}'
    app = server.app
    app.router.add_route('POST', '/v1/transfers/{id}/reversals',
                         server.api_extra(Transfer._api_reverse, ''))
    for cls in (Account, AccountLink, Transfer):
        url = '/v1/' + cls.object + 's'
        app.router.add_route('POST', url, server.api_create(cls, url))
        app.router.add_route('GET', url + '/{id}',
                             server.api_retrieve(cls, url))
        app.router.add_route('GET', url, server.api_list_all(cls, url))
    app.router.add_get('/_config/connect/onboard/{id}', onboard)
    app.middlewares.append(idempotency)
    server.start()


if __name__ == '__main__':
    main()
