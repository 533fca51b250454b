import { DocumentedShapes } from '../support/documented-shapes.js';

// The check the webhook capture test relies on, shown to fail where it must: on a body the document does not
// describe, whether a field is missing, of the wrong type or not written down at all.

const shapes = new DocumentedShapes();
const pointer = '/webhooks/ORDER_CREATED/post/requestBody/content/application~1json/schema';
const example = () =>
  structuredClone(shapes.resolve<{ value: Record<string, any> }>({ $ref: '#/components/examples/OrderCreated' }).value);

it('passes the documented example', () => {
  expect(shapes.problems(pointer, example())).toEqual([]);
});

it('names a missing field and a wrong type by their JSON paths', () => {
  const body = example();
  delete body.eventId;
  body.newState.items[0].quantity = 'two';
  const problems = shapes.problems(pointer, body);
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/ must have required property 'eventId'/),
      expect.stringMatching(/^\/newState\/items\/0\/quantity must be integer/),
    ]),
  );
});

it('names a property the document does not, even where the schema leaves objects open', () => {
  const body = example();
  body.newState.items[0].options[0].surprise = true;
  body.newState.loyaltyPoints = 12;
  expect(shapes.problems(pointer, body)).toEqual([
    '/newState/items/0/options/0/surprise is not documented',
    '/newState/loyaltyPoints is not documented',
  ]);
});

it('takes the alternative a value matches (previousState is an order or null) and leaves free-form objects alone', () => {
  const body = example();
  body.newState.delivery.address = { street: 'Damrak 1', anything: { at: 'all' } };
  expect(shapes.problems(pointer, body)).toEqual([]);
  body.previousState = { ...body.newState, extra: 1 };
  // ORDER_CREATED says previousState is null: an order there is refused, and its extra field is named.
  expect(shapes.problems(pointer, body)).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/previousState must be null/)]),
  );
  const changed = '/webhooks/ORDER_STATUS_CHANGED/post/requestBody/content/application~1json/schema';
  expect(shapes.problems(changed, { ...body, eventType: 'ORDER_STATUS_CHANGED' })).toEqual([
    '/previousState/extra is not documented',
  ]);
});
