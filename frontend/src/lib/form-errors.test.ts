import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors, serverKey } from './form-errors';

describe('server field errors on a form', () => {
  it('name list items the way the envelope does', () => {
    expect(serverKey('text')).toBe('text');
    expect(serverKey('settings.0.enabled_delivery_methods')).toBe('settings[0].enabled_delivery_methods');
    expect(serverKey('questions.12.options.3.text')).toBe('questions[12].options[3].text');
  });

  it('land on their fields, nested ones too, and leave no banner', () => {
    const error = new ApiError(400, {
      message: 'Required',
      code: 'invalid',
      detail: '',
      messages: { text: ['Required'], 'settings[1].enabled_delivery_methods': ['Required'] },
    });
    const set: Record<string, string | undefined> = {};
    const banner = applyServerErrors(error, ['text', 'settings.1.enabled_delivery_methods'], (field, e) => {
      set[field] = e.message;
    });
    expect(set).toEqual({ text: 'Required', 'settings.1.enabled_delivery_methods': 'Required' });
    expect(banner).toBeNull();
  });
});
