import { graphql } from '../../gql';

// The GraphQL documents of the menu screens, in one place so the list, the
// editor and the publications read and refresh the same fields.

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment MenuItemRow on MenuItem {
    id
    productId
    posReference
    name
    price
    categories
    taxRateIds
    taxRateIdsOverride
    show_online
    modifierGroups
    position
  }
`);

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment MenuModifierRow on MenuModifier {
    id
    posReference
    name
    price
    taxRateIds
    taxRateIdsOverride
    show_online
  }
`);

// A fragment: the documents here spread it by name, and codegen reads it from this call.
graphql(`
  fragment MenuFields on Menu {
    id
    name
    description
    updatedAt
    items {
      ...MenuItemRow
    }
    modifiers {
      ...MenuModifierRow
    }
  }
`);

export const MENUS = graphql(`
  query Menus($accountId: ID!, $locationId: ID!, $nextPageKey: String) {
    menus(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {
      data {
        id
        name
        description
        updatedAt
        items {
          id
          show_online
        }
      }
      nextPageKey
    }
  }
`);

export const MENU = graphql(`
  query Menu($accountId: ID!, $locationId: ID!, $id: ID!) {
    menu(accountId: $accountId, locationId: $locationId, id: $id) {
      ...MenuFields
    }
    location(accountId: $accountId, id: $locationId) {
      id
      currency
      taxRates {
        posReference
        name
      }
    }
  }
`);

export const CREATE_MENU = graphql(`
  mutation CreateMenu($accountId: ID!, $locationId: ID!, $input: CreateMenuInput!) {
    createMenu(accountId: $accountId, locationId: $locationId, input: $input) {
      id
    }
  }
`);

export const ADD_MENU_ITEM = graphql(`
  mutation AddMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $productId: ID!) {
    addMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, input: { productId: $productId }) {
      id
    }
  }
`);

export const UPDATE_MENU_ITEM = graphql(`
  mutation UpdateMenuItemTaxRates($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!, $taxRateIds: [String!]) {
    updateMenuItem(
      accountId: $accountId
      locationId: $locationId
      menuId: $menuId
      id: $id
      input: { taxRateIds: $taxRateIds }
    ) {
      ...MenuItemRow
    }
  }
`);

export const UPDATE_MENU_MODIFIER = graphql(`
  mutation UpdateMenuModifierTaxRates(
    $accountId: ID!
    $locationId: ID!
    $menuId: ID!
    $id: ID!
    $taxRateIds: [String!]
  ) {
    updateMenuModifier(
      accountId: $accountId
      locationId: $locationId
      menuId: $menuId
      id: $id
      input: { taxRateIds: $taxRateIds }
    ) {
      ...MenuModifierRow
    }
  }
`);

export const DELETE_MENU_ITEM = graphql(`
  mutation DeleteMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!) {
    deleteMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, id: $id)
  }
`);

export const REORDER_MENU_ITEMS = graphql(`
  mutation ReorderMenuItems($accountId: ID!, $locationId: ID!, $menuId: ID!, $itemIds: [ID!]!) {
    reorderMenuItems(accountId: $accountId, locationId: $locationId, menuId: $menuId, itemIds: $itemIds) {
      ...MenuFields
    }
  }
`);

export const PRODUCT_CHOICES = graphql(`
  query ProductChoices($accountId: ID!, $locationId: ID!, $search: String) {
    products(accountId: $accountId, locationId: $locationId, limit: 10, search: $search) {
      data {
        id
        posReference
        name
        price
        showOnline
        taxRateIds
      }
      hasNextPage
    }
  }
`);

export const PUBLICATIONS = graphql(`
  query MenuPublications($accountId: ID!, $locationId: ID!, $menuId: ID!, $limit: Int!, $most: Int!) {
    menuPublications(
      accountId: $accountId
      locationId: $locationId
      menuId: $menuId
      limit: $limit
      newestFirst: true
    ) {
      data {
        id
        connectionId
        deliveryId
        deliveryRetained
        status
        attempts
        lastError
        partnerAnswer
        deliveredAt
        createdAt
      }
      hasNextPage
    }
    availableApplications(accountId: $accountId, locationId: $locationId, limit: $most) {
      data {
        id
        kind
        name
        connected
        connectionId
      }
    }
  }
`);

export const PUBLICATION_EVENTS = graphql(`
  subscription MenuPublicationEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {
    menuPublicationChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {
      kind
      publication {
        id
        status
        attempts
        lastError
        partnerAnswer
        deliveredAt
      }
    }
  }
`);

export const PUBLISH_MENU = graphql(`
  mutation PublishMenu($accountId: ID!, $locationId: ID!, $menuId: ID!, $connectionId: ID!) {
    publishMenu(accountId: $accountId, locationId: $locationId, menuId: $menuId, connectionId: $connectionId) {
      id
      status
    }
  }
`);

/** What the menu shows changed (its edit, or the catalog's or the location's): the screen reads the menu again. */
export const MENU_EVENTS = graphql(`
  subscription MenuEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {
    menuChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {
      kind
    }
  }
`);
