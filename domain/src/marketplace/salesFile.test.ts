import { describe, expect, it } from 'vitest';
import { groupSalesRows, parseAmountCents, parseSaleDate, parseSalesFile, SalesFileError } from './salesFile.ts';
import { listedQuantity, parseListingQuantity } from './batchQuantity.ts';

describe('amounts and dates of the sales file', () => {
  it.each([
    ['12.50', 1250],
    ['$12.50', 1250],
    ['AU $1,234.5', 123450],
    ['A$3', 300],
    ['-1.20', -120],
    ['-$1.20', -120],
    ['(1.20)', -120],
    ['', 0],
    ['--', 0],
    ['.5', 50],
  ])('%s -> %i cents', (text, cents) => expect(parseAmountCents(text)).toBe(cents));
  it.each(['12.345', 'abc', '1.2.3', '12,34'])('%s is not an amount', (text) => expect(parseAmountCents(text)).toBeNull());

  it.each([
    ['2025-10-27', '2025-10-27'],
    ['27/10/2025', '2025-10-27'],
    ['27/10/25', '2025-10-27'],
    ['Oct-27-25', '2025-10-27'],
    ['27-Oct-25', '2025-10-27'],
    ['27 Oct 2025', '2025-10-27'],
    ['Oct 27, 2025', '2025-10-27'],
    ['27 October 2025', '2025-10-27'],
  ])('%s is the %s', (text, day) => expect(parseSaleDate(text)?.slice(0, 10)).toBe(day));
  it.each(['', '31/02/2025', 'yesterday', '13/13/2025'])('%s is no date', (text) => expect(parseSaleDate(text)).toBeNull());
});

const header =
  'Date,Type,Order number,Buyer username,Buyer name,Delivery city,State,Postcode,Item title,SKU,Quantity,Item subtotal,Postage,Fee fixed,Fee variable';

describe('the sales file', () => {
  it('keeps only rows of type Order with a title, and refuses bad rows by line number', () => {
    const text = [
      header,
      '27/10/2025,Order,12-1,bob99,Bob Smith,Kenmore,QLD,4069,Saga #1,s-1,2,$20.00,$5.20,-$0.30,-$2.68',
      '27/10/2025,Payout,,,,,,,,,,,,,',
      '27/10/2025,Order,12-2,amy,Amy Lee,Perth,WA,6000,,s-2,1,10.00,0,0,0',
      '27/10/2025,Order,12-3,amy,Amy Lee,Perth,WA,6000,Saga #2,s-2,two,10.00,0,0,0',
      '27/10/2025,Order,,amy,Amy Lee,Perth,WA,6000,Saga #2,s-2,1,10.00,0,0,0',
      'soon,Order,12-4,amy,Amy Lee,Perth,WA,6000,Saga #2,s-2,1,10.00,0,0,0',
      '27/10/2025,Order,12-5,amy,Amy Lee,Perth,WA,6000,Saga #2,,1,ten,0,0,0',
    ].join('\n');
    const parsed = parseSalesFile(text);
    expect(parsed.rows).toEqual([
      {
        line: 2,
        date: expect.stringMatching(/^2025-10-27/),
        orderNumber: '12-1',
        buyerUsername: 'bob99',
        buyerName: 'Bob Smith',
        deliveryCity: 'Kenmore',
        state: 'QLD',
        postcode: '4069',
        itemTitle: 'Saga #1',
        sku: 's-1',
        quantity: 2,
        itemSubtotal: 2000,
        postage: 520,
        feeFixed: 30,
        feeVariable: 268,
      },
    ]);
    expect(parsed.ignored).toBe(3);
    expect(parsed.errors).toEqual([
      { line: 5, reason: 'Quantity "two" is not a whole number' },
      { line: 6, reason: 'Order number is missing' },
      { line: 7, reason: 'Date "soon" is not a date' },
      { line: 8, reason: 'itemSubtotal "ten" is not an amount' },
    ]);
  });

  it('reads the fixed columns without a header, and eBay report headers in their own order', () => {
    expect(parseSalesFile('2025-10-27,Order,9-9,x,X,Y,NSW,2000,Title,s-9,1,5,0,0,0').rows).toHaveLength(1);
    const ebay = [
      'Seller Hub transaction report',
      '',
      'Transaction creation date,Type,Order number,Buyer username,Buyer name,Ship to city,Ship to province/region/state,Ship to zip,Item title,Custom label,Quantity,Item subtotal,Postage and packaging,Final Value Fee - fixed,Final Value Fee - variable',
      'Oct 27 2025,Order,1-2,b,B,C,VIC,3000,Thing,s-5,1,--,--,--,--',
    ];
    // A preamble line is ignored; the header maps the columns.
    const parsed = parseSalesFile(ebay.join('\n'));
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toEqual([
      expect.objectContaining({ orderNumber: '1-2', sku: 's-5', itemSubtotal: 0, deliveryCity: 'C', state: 'VIC', postcode: '3000' }),
    ]);
    expect(parsed.ignored).toBe(2);
  });

  it('refuses a header without a needed column', () => {
    expect(() => parseSalesFile('Type,Order number,Item title\nOrder,1,x')).toThrow(SalesFileError);
  });

  it('groups rows by order and sets apart a repeated line of the same order', () => {
    const text = [
      '2025-10-27,Order,A,x,X,,,,Saga #1,s-1,1,5,0,0,0',
      '2025-10-27,Order,A,x,X,,,,Saga #2,s-2,1,5,0,0,0',
      '2025-10-27,Order,B,y,Y,,,,Saga #1,s-1,1,5,0,0,0',
      '2025-10-27,Order,A,x,X,,,,Saga #1,s-1,1,5,0,0,0',
    ].join('\n');
    const { orders, duplicates } = groupSalesRows(parseSalesFile(text).rows);
    expect(orders.map((o) => [o.orderNumber, o.rows.map((r) => r.line)])).toEqual([
      ['A', [1, 2]],
      ['B', [3]],
    ]);
    expect(duplicates.map((r) => r.line)).toEqual([4]);
  });
});

describe('listing quantity', () => {
  it('is parsed as an integer: digits only, 1 or more', () => {
    expect(parseListingQuantity('10')).toEqual({ ok: true, quantity: 10 });
    expect(parseListingQuantity(' 7 ')).toEqual({ ok: true, quantity: 7 });
    for (const bad of ['0', '-1', '1.5', 'ten', '', '1e3', '99999999']) expect(parseListingQuantity(bad).ok).toBe(false);
  });

  it('lists at most the copies free in the shop', () => {
    expect(listedQuantity(10, 25)).toBe(10);
    expect(listedQuantity(10, 3)).toBe(3);
    expect(listedQuantity(10, -2)).toBe(0);
  });
});
