import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, VerbatimError, messageFor, rebuildError, serializeError } from '../../shared/errors';

describe('error table', () => {
  it('survives a trip across contexts as plain data', () => {
    const original = new VerbatimError('WITHDRAWN', '2104.01180');
    const wire = structuredClone(serializeError(original));
    const rebuilt = rebuildError(wire);
    expect(rebuilt).toBeInstanceOf(VerbatimError);
    expect(rebuilt.code).toBe('WITHDRAWN');
    expect(rebuilt.message).toBe(original.message);
  });

  it('turns foreign errors into INTERNAL and aborts into CANCELLED', () => {
    expect(serializeError(new TypeError('boom'))).toEqual({ code: 'INTERNAL', detail: 'boom' });
    expect(serializeError(new DOMException('stop', 'AbortError'))).toEqual({ code: 'CANCELLED' });
    expect(rebuildError({ code: 'NO_SUCH_CODE' as never }).code).toBe('INTERNAL');
  });

  it('has a message for every code, ending in a full stop', () => {
    for (const [code, message] of Object.entries(ERROR_MESSAGES)) expect(message, code).toMatch(/[.:)]$/);
    expect(messageFor(new VerbatimError('TOO_LARGE'))).toBe(ERROR_MESSAGES.TOO_LARGE);
  });
});
