import { describe, expect, it } from 'vitest';
import { environmentLabel } from './config';

describe('environmentLabel', () => {
  it('says DEMO on a demo server, DEV on development or a local address, PROD otherwise', () => {
    expect(environmentLabel({ demo: true, environment: 'development' }, 'http://localhost:3000')).toBe('DEMO');
    expect(environmentLabel({ demo: false, environment: 'development' }, 'https://bo.comune.it')).toBe('DEV');
    expect(environmentLabel({ demo: false, environment: 'production' }, 'http://127.0.0.1:3000')).toBe('DEV');
    expect(environmentLabel({ demo: false, environment: 'production' }, 'https://dev.bo.comune.it')).toBe('DEV');
    expect(environmentLabel({ demo: false, environment: 'production' }, 'https://bo.comune.it')).toBe('PROD');
  });
});
