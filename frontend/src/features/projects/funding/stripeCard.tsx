import { Box, FormHelperText, InputLabel, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';

/*
 * Stripe.js, loaded from the address the server names (Stripe's own, or localstripe's
 * stand-in in tests), draws the card field; the number goes from it to Stripe and never
 * through Cohort. Only the parts of Stripe.js the pledge uses are typed here.
 */

interface StripeError {
  message?: string;
}

/** Stripe.js's card element (the Element that `confirmCardSetup` reads the card from). */
export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
}

interface StripeClient {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  confirmCardSetup(clientSecret: string, data: { payment_method: { card: StripeCardElement } }): Promise<{ error?: StripeError | null }>;
  confirmCardPayment(clientSecret: string): Promise<{ error?: StripeError | null }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => StripeClient;
  }
}

/** A mounted card field: the client it belongs to and its element. */
export interface StripeCard {
  client: StripeClient;
  element: StripeCardElement;
}

const LOAD_FAILED = 'The card form could not be loaded. Check your connection and try again.';

const loading = new Map<string, Promise<void>>();

/** Loads Stripe.js from `src` once per page. */
function loadScript(src: string): Promise<void> {
  let script = loading.get(src);
  if (!script) {
    script = new Promise<void>((resolve, reject) => {
      const tag = document.createElement('script');
      tag.src = src;
      tag.async = true;
      tag.onload = () => resolve();
      tag.onerror = () => {
        loading.delete(src);
        tag.remove();
        reject(new Error(LOAD_FAILED));
      };
      document.head.appendChild(tag);
    });
    loading.set(src, script);
  }
  return script;
}

/** Stripe's refusal of a card, in Stripe's words, for the card field to show. */
export class CardRefusal extends Error {}

/** Confirms the processor's setup with the card in `card` (Stripe keeps the card). */
export async function saveStripeCard(card: StripeCard | null, clientSecret: string): Promise<void> {
  if (!card) throw new CardRefusal('The card form is still loading; try again in a moment.');
  const { error } = await card.client.confirmCardSetup(clientSecret, { payment_method: { card: card.element } });
  if (error) throw new CardRefusal(error.message || 'The card could not be saved. Check its details and try again.');
}

/** Shows the bank's challenge for a charge that waits for its card holder (3-D Secure): Stripe.js
 * opens the bank's page; a refusal or a closed page comes back as a CardRefusal. */
export async function confirmStripePayment(jsUrl: string, publishableKey: string, clientSecret: string): Promise<void> {
  await loadScript(jsUrl);
  if (!window.Stripe) throw new CardRefusal(LOAD_FAILED);
  const { error } = await window.Stripe(publishableKey).confirmCardPayment(clientSecret);
  if (error) throw new CardRefusal(error.message || 'Your bank did not confirm the payment.');
}

/** Stripe's card field, mounted into the form and handed to `onCard` for `saveStripeCard`. */
export function StripeCardField({
  jsUrl,
  publishableKey,
  onCard,
  error,
}: {
  jsUrl: string;
  publishableKey: string;
  onCard: (card: StripeCard | null) => void;
  error?: string | null;
}) {
  const host = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let mounted: StripeCardElement | null = null;
    let cancelled = false;
    loadScript(jsUrl)
      .then(() => {
        if (cancelled || !host.current) return;
        // The address answered with something other than Stripe.js (a misconfigured
        // COHORT_STRIPE_JS_URL): say so rather than wait for a card field that never comes.
        if (!window.Stripe) throw new Error(LOAD_FAILED);
        const client = window.Stripe(publishableKey);
        mounted = client.elements().create('card', { hidePostalCode: true });
        mounted.mount(host.current);
        onCard({ client, element: mounted });
      })
      .catch((e: Error) => {
        if (!cancelled) setFailed(e.message);
      });
    return () => {
      cancelled = true;
      mounted?.destroy();
      onCard(null);
    };
  }, [jsUrl, publishableKey, onCard]);

  const message = failed ?? error;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        Card
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Your card goes straight to our card processor, Stripe; Cohort keeps only its brand and last four digits.
      </Typography>
      <InputLabel id={labelId} shrink sx={{ position: 'static', transform: 'none', mb: 0.5 }}>
        Card details
      </InputLabel>
      <Box
        ref={host}
        role="group"
        aria-labelledby={labelId}
        data-testid="stripe-card"
        sx={{
          border: 1,
          borderColor: message ? 'error.main' : 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1.5,
          minHeight: 44,
          '& input': { font: 'inherit', mr: 1, mb: 0.5, maxWidth: '100%' },
        }}
      />
      {message && (
        <FormHelperText error role="alert">
          {message}
        </FormHelperText>
      )}
    </Box>
  );
}
