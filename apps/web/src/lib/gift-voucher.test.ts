import { afterEach, describe, expect, it } from 'vitest';
import { giftVoucherOf, keepGiftVoucher, takeGiftVoucher } from './gift-voucher.ts';

afterEach(() => window.localStorage.clear());

describe('the gift voucher kept across registration', () => {
  it.each([
    [{ from: '/dashboard?showModal=REDEEM&voucher=AAAA-BBBB-CCCC' }, 'AAAA-BBBB-CCCC'],
    [{ from: '/dashboard?voucher=%20AAAA%20&showModal=REDEEM' }, 'AAAA'],
    [{ from: '/dashboard?showModal=REDEEM' }, null],
    [{ from: '/dashboard?voucher=AAAA' }, null],
    [{ from: '/kits?showModal=REDEEM&voucher=AAAA' }, null],
    [{ from: 42 }, null],
    [null, null],
  ])('reads %j as %j', (state, voucher) => {
    expect(giftVoucherOf(state)).toBe(voucher);
  });

  it('gives the voucher once, and only to the email that registered', () => {
    keepGiftVoucher('AAAA-BBBB-CCCC', ' Rory@Example.com ');
    expect(takeGiftVoucher('someone@example.com')).toBeNull();
    expect(takeGiftVoucher('rory@example.com')).toBe('AAAA-BBBB-CCCC');
    expect(takeGiftVoucher('rory@example.com')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem('redeem_voucher_on_register', '{not json');
    expect(takeGiftVoucher('rory@example.com')).toBeNull();
  });
});
