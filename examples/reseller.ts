import { pathToFileURL } from 'node:url';
import { accessToken, hubApi, must } from './hub-client.js';

// A reseller setting up a restaurant, end to end through the typed client: an account, a location with its tax
// rates, connections to a POS and a marketplace application, the catalog pulled from the POS, and a menu of
// it published to the marketplace.
//
//   HUB_URL=http://localhost:3000 CLIENT_ID=... CLIENT_SECRET=... RESELLER_EMAIL=... RESELLER_PASSWORD=... \
//   POS_APPLICATION_ID=... MARKETPLACE_APPLICATION_ID=... node dist/examples/reseller.js

export interface ResellerSetup {
  hubUrl: string;
  /** A token with the provisioning scope (the reseller's, from the password grant of a first-party client). */
  token: string;
  posApplicationId: string;
  marketplaceApplicationId: string;
}

export interface Restaurant {
  accountId: string;
  locationId: string;
  posConnectionId: string;
  marketplaceConnectionId: string;
  menuId: string;
  publicationId: string;
}

export async function setUpRestaurant({
  hubUrl,
  token,
  posApplicationId,
  marketplaceApplicationId,
}: ResellerSetup): Promise<Restaurant> {
  const api = hubApi(hubUrl, token);
  const account = (await must(api.POST('/v1/accounts', { body: { name: 'Trattoria Group' } }))).data;
  const location = (
    await must(
      api.POST('/v1/accounts/{accountId}/locations', {
        params: { path: { accountId: account.id } },
        body: {
          name: 'Trattoria Centraal',
          currency: 'EUR',
          timezone: 'Europe/Amsterdam',
          taxRates: [{ posReference: 'vat-9', name: 'VAT 9%', type: 'PERCENTAGE', rate: 90000 }],
        },
      }),
    )
  ).data;
  const at = { accountId: account.id, locationId: location.id };
  const connect = async (applicationId: string) =>
    (
      await must(
        api.POST('/v1/accounts/{accountId}/locations/{locationId}/connections', {
          params: { path: at },
          body: { applicationId },
        }),
      )
    ).data.id;
  const posConnectionId = await connect(posApplicationId);
  const marketplaceConnectionId = await connect(marketplaceApplicationId);

  // The POS answers with its catalog; the hub imports it whole.
  await must(
    api.POST('/v1/accounts/{accountId}/locations/{locationId}/connections/{connectionId}/pull', {
      params: { path: { ...at, connectionId: posConnectionId } },
    }),
  );
  const products = (
    await must(api.GET('/v1/accounts/{accountId}/locations/{locationId}/catalog/products', { params: { path: at } }))
  ).data;

  const menu = (
    await must(
      api.POST('/v1/accounts/{accountId}/locations/{locationId}/menus', {
        params: { path: at },
        body: { name: 'All day', productIds: products.map((p) => p.id) },
      }),
    )
  ).data;
  const publication = (
    await must(
      api.POST('/v1/accounts/{accountId}/locations/{locationId}/menus/{menuId}/publications', {
        params: { path: { ...at, menuId: menu.id } },
        body: { connectionId: marketplaceConnectionId },
      }),
    )
  ).data;
  return { ...at, posConnectionId, marketplaceConnectionId, menuId: menu.id, publicationId: publication.id };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = (name: string) =>
    process.env[name] ??
    (() => {
      throw new Error(`set ${name}`);
    })();
  const hubUrl = env('HUB_URL');
  const token = await accessToken(hubUrl, {
    grant_type: 'password',
    username: env('RESELLER_EMAIL'),
    password: env('RESELLER_PASSWORD'),
    client_id: env('CLIENT_ID'),
    client_secret: env('CLIENT_SECRET'),
  });
  const restaurant = await setUpRestaurant({
    hubUrl,
    token,
    posApplicationId: env('POS_APPLICATION_ID'),
    marketplaceApplicationId: env('MARKETPLACE_APPLICATION_ID'),
  });
  process.stdout.write(`${JSON.stringify(restaurant, null, 2)}\n`);
}
