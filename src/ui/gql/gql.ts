/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query Account($accountId: ID!, $nextPageKey: String) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    locations(accountId: $accountId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        currency\n        timezone\n      }\n      nextPageKey\n    }\n  }\n": typeof types.AccountDocument,
    "\n  mutation CreateLocation($accountId: ID!, $input: CreateLocationInput!) {\n    createLocation(accountId: $accountId, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateLocationDocument,
    "\n  query Accounts($nextPageKey: String, $search: String) {\n    accounts(limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        name\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n": typeof types.AccountsDocument,
    "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.CreateAccountDocument,
    "\n  mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {\n    updateAccount(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": typeof types.UpdateAccountDocument,
    "\n  query Activity($accountId: ID, $locationId: ID, $action: String, $from: String, $to: String, $nextPageKey: String) {\n    activity(\n      accountId: $accountId\n      locationId: $locationId\n      action: $action\n      from: $from\n      to: $to\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          name\n          viaApplicationName\n        }\n        sourceAddress\n        subject {\n          type\n          name\n        }\n        changes\n      }\n      nextPageKey\n    }\n  }\n": typeof types.ActivityDocument,
    "\n  query ActivityAccounts {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ActivityAccountsDocument,
    "\n  query Application($id: ID!) {\n    application(id: $id) {\n      id\n      kind\n      name\n      clientId\n      ...ApplicationUrlSettings\n      connectionsCount\n    }\n  }\n": typeof types.ApplicationDocument,
    "\n  mutation UpdateApplication($id: ID!, $input: UpdateApplicationInput!) {\n    updateApplication(id: $id, input: $input) {\n      id\n      ...ApplicationUrlSettings\n    }\n  }\n": typeof types.UpdateApplicationDocument,
    "\n  mutation RotateApplicationSecret($id: ID!) {\n    rotateApplicationSecret(id: $id) {\n      ...ApplicationSecrets\n    }\n  }\n": typeof types.RotateApplicationSecretDocument,
    "\n  fragment ApplicationUrlSettings on Application {\n    redirectUris\n    scopes\n    webhookUrl\n    catalogPullUrl\n    menuPublicationUrl\n    storeStatusUrl\n  }\n": typeof types.ApplicationUrlSettingsFragmentDoc,
    "\n  query Applications($kind: ApplicationKind!, $nextPageKey: String) {\n    applications(kind: $kind, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        connectionsCount\n      }\n      nextPageKey\n    }\n  }\n": typeof types.ApplicationsDocument,
    "\n  mutation CreateApplication($input: CreateApplicationInput!) {\n    createApplication(input: $input) {\n      name\n      ...ApplicationSecrets\n    }\n  }\n": typeof types.CreateApplicationDocument,
    "\n  fragment ApplicationSecrets on ApplicationWithSecrets {\n    id\n    clientId\n    clientSecret\n    webhookSecret\n  }\n": typeof types.ApplicationSecretsFragmentDoc,
    "\n  query ApplicationName($id: ID!) {\n    application(id: $id) {\n      id\n      name\n    }\n  }\n": typeof types.ApplicationNameDocument,
    "\n  fragment DeliveryRow on Delivery {\n    id\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n  }\n": typeof types.DeliveryRowFragmentDoc,
    "\n  fragment DeliveryDetailFields on DeliveryDetail {\n    id\n    eventId\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n    requestId\n    payload\n    attempts {\n      attemptNumber\n      startedAt\n      url\n      httpStatus\n      error\n      latencyMs\n      responseExcerpt\n    }\n  }\n": typeof types.DeliveryDetailFieldsFragmentDoc,
    "\n  query LocationDeliveries(\n    $accountId: ID!\n    $locationId: ID!\n    $status: DeliveryStatus\n    $eventType: String\n    $nextPageKey: String\n  ) {\n    locationDeliveries(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n": typeof types.LocationDeliveriesDocument,
    "\n  query ApplicationDeliveries($applicationId: ID!, $status: DeliveryStatus, $eventType: String, $nextPageKey: String) {\n    applicationDeliveries(\n      applicationId: $applicationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n": typeof types.ApplicationDeliveriesDocument,
    "\n  subscription LocationDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n": typeof types.LocationDeliveryEventsDocument,
    "\n  subscription ApplicationDeliveryEvents($applicationId: ID!) {\n    applicationDeliveryChanged(applicationId: $applicationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n": typeof types.ApplicationDeliveryEventsDocument,
    "\n  query Delivery($id: ID!) {\n    delivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n": typeof types.DeliveryDocument,
    "\n  mutation RetryDelivery($id: ID!) {\n    retryDelivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n": typeof types.RetryDeliveryDocument,
    "\n  query Home {\n    home {\n      accountId\n      accountName\n      locationId\n      locationName\n      storeStatus\n      newOrders\n      failingDeliveries\n    }\n  }\n": typeof types.HomeDocument,
    "\n  query PosConnections($accountId: ID!, $locationId: ID!) {\n    availableApplications(accountId: $accountId, locationId: $locationId, kind: POS, limit: 200) {\n      data {\n        id\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n": typeof types.PosConnectionsDocument,
    "\n  mutation PullCatalog($accountId: ID!, $locationId: ID!, $connectionId: ID!) {\n    pullCatalog(accountId: $accountId, locationId: $locationId, connectionId: $connectionId) {\n      categories\n      products\n      modifiers\n      modifierGroups\n      taxRates\n    }\n  }\n": typeof types.PullCatalogDocument,
    "\n  query Products($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      nextPageKey\n    }\n  }\n": typeof types.ProductsDocument,
    "\n  query Categories($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    categories(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        show_online\n      }\n      nextPageKey\n    }\n  }\n": typeof types.CategoriesDocument,
    "\n  query Modifiers($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    modifiers(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n      }\n      nextPageKey\n    }\n  }\n": typeof types.ModifiersDocument,
    "\n  query ModifierGroups($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    modifierGroups(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        posReference\n        name\n        minPermitted\n        maxPermitted\n      }\n      nextPageKey\n    }\n  }\n": typeof types.ModifierGroupsDocument,
    "\n  mutation SetProductShowOnline($accountId: ID!, $locationId: ID!, $id: ID!, $input: ProductInput!) {\n    updateProduct(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      showOnline\n      taxRateIds\n    }\n  }\n": typeof types.SetProductShowOnlineDocument,
    "\n  mutation UpdateConnection($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateConnectionInput!) {\n    updateConnection(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      credentials\n    }\n  }\n": typeof types.UpdateConnectionDocument,
    "\n  query LocationConnections($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        redirectUris\n        connected\n        connectionId\n      }\n      nextPageKey\n    }\n    connections(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        status\n        credentials\n      }\n    }\n  }\n": typeof types.LocationConnectionsDocument,
    "\n  mutation Connect($accountId: ID!, $locationId: ID!, $input: ConnectInput!) {\n    connect(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n": typeof types.ConnectDocument,
    "\n  mutation Disconnect($accountId: ID!, $locationId: ID!, $id: ID!) {\n    disconnect(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n    }\n  }\n": typeof types.DisconnectDocument,
    "\n  query LocationNames($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      name\n    }\n  }\n": typeof types.LocationNamesDocument,
    "\n  fragment LocationSettings on Location {\n    id\n    name\n    currency\n    timezone\n    taxRates {\n      posReference\n      name\n      type\n      rate\n      inclusive\n      isDefault\n    }\n  }\n": typeof types.LocationSettingsFragmentDoc,
    "\n  mutation UpdateLocation($accountId: ID!, $id: ID!, $input: UpdateLocationInput!) {\n    updateLocation(accountId: $accountId, id: $id, input: $input) {\n      ...LocationSettings\n    }\n  }\n": typeof types.UpdateLocationDocument,
    "\n  query Location($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      ...LocationSettings\n    }\n  }\n": typeof types.LocationDocument,
    "\n  fragment MenuItemRow on MenuItem {\n    id\n    productId\n    posReference\n    name\n    price\n    categories\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n    modifierGroups\n    position\n  }\n": typeof types.MenuItemRowFragmentDoc,
    "\n  fragment MenuModifierRow on MenuModifier {\n    id\n    posReference\n    name\n    price\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n  }\n": typeof types.MenuModifierRowFragmentDoc,
    "\n  fragment MenuFields on Menu {\n    id\n    name\n    description\n    updatedAt\n    items {\n      ...MenuItemRow\n    }\n    modifiers {\n      ...MenuModifierRow\n    }\n  }\n": typeof types.MenuFieldsFragmentDoc,
    "\n  query Menus($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    menus(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        description\n        updatedAt\n        items {\n          id\n          show_online\n        }\n      }\n      nextPageKey\n    }\n  }\n": typeof types.MenusDocument,
    "\n  query Menu($accountId: ID!, $locationId: ID!, $id: ID!) {\n    menu(accountId: $accountId, locationId: $locationId, id: $id) {\n      ...MenuFields\n    }\n    location(accountId: $accountId, id: $locationId) {\n      id\n      currency\n      taxRates {\n        posReference\n        name\n      }\n    }\n  }\n": typeof types.MenuDocument,
    "\n  mutation CreateMenu($accountId: ID!, $locationId: ID!, $input: CreateMenuInput!) {\n    createMenu(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n": typeof types.CreateMenuDocument,
    "\n  mutation AddMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $productId: ID!) {\n    addMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, input: { productId: $productId }) {\n      id\n    }\n  }\n": typeof types.AddMenuItemDocument,
    "\n  mutation UpdateMenuItemTaxRates($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!, $taxRateIds: [String!]) {\n    updateMenuItem(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuItemRow\n    }\n  }\n": typeof types.UpdateMenuItemTaxRatesDocument,
    "\n  mutation UpdateMenuModifierTaxRates(\n    $accountId: ID!\n    $locationId: ID!\n    $menuId: ID!\n    $id: ID!\n    $taxRateIds: [String!]\n  ) {\n    updateMenuModifier(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuModifierRow\n    }\n  }\n": typeof types.UpdateMenuModifierTaxRatesDocument,
    "\n  mutation DeleteMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!) {\n    deleteMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, id: $id)\n  }\n": typeof types.DeleteMenuItemDocument,
    "\n  mutation ReorderMenuItems($accountId: ID!, $locationId: ID!, $menuId: ID!, $itemIds: [ID!]!) {\n    reorderMenuItems(accountId: $accountId, locationId: $locationId, menuId: $menuId, itemIds: $itemIds) {\n      ...MenuFields\n    }\n  }\n": typeof types.ReorderMenuItemsDocument,
    "\n  query ProductChoices($accountId: ID!, $locationId: ID!, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 10, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      hasNextPage\n    }\n  }\n": typeof types.ProductChoicesDocument,
    "\n  query MenuPublications($accountId: ID!, $locationId: ID!, $menuId: ID!, $limit: Int!) {\n    menuPublications(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      limit: $limit\n      newestFirst: true\n    ) {\n      data {\n        id\n        connectionId\n        deliveryId\n        deliveryRetained\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n        createdAt\n      }\n      hasNextPage\n    }\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        kind\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n": typeof types.MenuPublicationsDocument,
    "\n  subscription MenuPublicationEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuPublicationChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n      publication {\n        id\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n      }\n    }\n  }\n": typeof types.MenuPublicationEventsDocument,
    "\n  mutation PublishMenu($accountId: ID!, $locationId: ID!, $menuId: ID!, $connectionId: ID!) {\n    publishMenu(accountId: $accountId, locationId: $locationId, menuId: $menuId, connectionId: $connectionId) {\n      id\n      status\n    }\n  }\n": typeof types.PublishMenuDocument,
    "\n  subscription MenuEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n    }\n  }\n": typeof types.MenuEventsDocument,
    "\n  fragment BoardRow on Order {\n    id\n    externalId\n    orderNumber\n    friendlyId\n    customerName\n    status\n    sourceName\n    fulfillmentType\n    tableName\n    total\n    currency\n    createdAt\n  }\n": typeof types.BoardRowFragmentDoc,
    "\n  query OrderBoard($accountId: ID!, $locationId: ID!, $status: [OrderStatus!], $limit: Int!, $search: String) {\n    orderCounts(accountId: $accountId, locationId: $locationId) {\n      status\n      count\n    }\n    orders(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      newestFirst: true\n      limit: $limit\n      search: $search\n    ) {\n      data {\n        ...BoardRow\n      }\n      hasNextPage\n    }\n  }\n": typeof types.OrderBoardDocument,
    "\n  subscription OrderBoardEvents($accountId: ID!, $locationId: ID!) {\n    orderBoard(accountId: $accountId, locationId: $locationId) {\n      kind\n      order {\n        ...BoardRow\n        allowedTransitions\n      }\n    }\n  }\n": typeof types.OrderBoardEventsDocument,
    "\n  query OrderDeliveries($accountId: ID!, $locationId: ID!, $orderId: ID!) {\n    locationDeliveries(accountId: $accountId, locationId: $locationId, orderId: $orderId, limit: 50) {\n      data {\n        id\n        eventType\n        applicationName\n        status\n        attemptCount\n        lastError\n      }\n    }\n  }\n": typeof types.OrderDeliveriesDocument,
    "\n  subscription OrderDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        id\n        orderingKey\n      }\n    }\n  }\n": typeof types.OrderDeliveryEventsDocument,
    "\n  query OrderDetail($accountId: ID!, $locationId: ID!, $id: ID!) {\n    order(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n      externalId\n      orderNumber\n      friendlyId\n      status\n      sourceName\n      total\n      currency\n      fulfillmentType\n      tableName\n      isPaid\n      isScheduledOrder\n      estimatedPickupTime\n      estimatedDeliveryTime\n      notes\n      customer\n      delivery\n      allowedTransitions\n      items {\n        name\n        quantity\n        price\n        taxRateIds\n        customerNotes\n        options {\n          name\n          price\n          taxRateIds\n        }\n      }\n      location {\n        taxRates {\n          posReference\n          name\n          rate\n          type\n        }\n      }\n      statusHistory {\n        status\n        at\n        by\n        byName\n        reason\n      }\n    }\n    orderCancellationReasons\n  }\n": typeof types.OrderDetailDocument,
    "\n  mutation ChangeOrderStatus($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateOrderStatusInput!) {\n    updateOrderStatus(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      status\n      allowedTransitions\n    }\n  }\n": typeof types.ChangeOrderStatusDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      ...ViewerFields\n    }\n  }\n": typeof types.SignInDocument,
    "\n  fragment StoreStatusFields on LocationStoreStatus {\n    storeStatus\n    closedUntil\n    closedReason\n    closedReasonNotes\n    marketplaces {\n      connectionId\n      applicationName\n      deliveryId\n      status\n      storeStatus\n      attempts\n      lastError\n      sentAt\n      deliveredAt\n    }\n  }\n": typeof types.StoreStatusFieldsFragmentDoc,
    "\n  query StoreStatus($accountId: ID!, $locationId: ID!) {\n    storeStatus(accountId: $accountId, locationId: $locationId) {\n      ...StoreStatusFields\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      timezone\n    }\n  }\n": typeof types.StoreStatusDocument,
    "\n  subscription StoreStatusEvents($accountId: ID!, $locationId: ID!) {\n    storeStatusChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n    }\n  }\n": typeof types.StoreStatusEventsDocument,
    "\n  mutation SetStoreStatus($accountId: ID!, $locationId: ID!, $input: StoreStatusInput!) {\n    setStoreStatus(accountId: $accountId, locationId: $locationId, input: $input) {\n      ...StoreStatusFields\n    }\n  }\n": typeof types.SetStoreStatusDocument,
    "\n  mutation UpdateUserAccounts($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      accountIds\n    }\n  }\n": typeof types.UpdateUserAccountsDocument,
    "\n  mutation DeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n": typeof types.DeactivateUserDocument,
    "\n  mutation ReactivateUser($id: ID!) {\n    reactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n": typeof types.ReactivateUserDocument,
    "\n  query Users($nextPageKey: String) {\n    users(limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        email\n        username\n        role\n        accountIds\n        deactivatedAt\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n": typeof types.UsersDocument,
    "\n  query AccountChoices {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AccountChoicesDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n": typeof types.CreateUserDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": typeof types.SignOutDocument,
    "\n  fragment ViewerFields on Viewer {\n    id\n    email\n    role\n    permissions {\n      manageApplications\n      manageUsers\n      creatableRoles\n      provision\n      editLocations\n      manageConnections\n      editCatalog\n      editMenus\n    }\n  }\n": typeof types.ViewerFieldsFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": typeof types.ViewerDocument,
};
const documents: Documents = {
    "\n  query Account($accountId: ID!, $nextPageKey: String) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    locations(accountId: $accountId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        currency\n        timezone\n      }\n      nextPageKey\n    }\n  }\n": types.AccountDocument,
    "\n  mutation CreateLocation($accountId: ID!, $input: CreateLocationInput!) {\n    createLocation(accountId: $accountId, input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateLocationDocument,
    "\n  query Accounts($nextPageKey: String, $search: String) {\n    accounts(limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        name\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n": types.AccountsDocument,
    "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n": types.CreateAccountDocument,
    "\n  mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {\n    updateAccount(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n": types.UpdateAccountDocument,
    "\n  query Activity($accountId: ID, $locationId: ID, $action: String, $from: String, $to: String, $nextPageKey: String) {\n    activity(\n      accountId: $accountId\n      locationId: $locationId\n      action: $action\n      from: $from\n      to: $to\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          name\n          viaApplicationName\n        }\n        sourceAddress\n        subject {\n          type\n          name\n        }\n        changes\n      }\n      nextPageKey\n    }\n  }\n": types.ActivityDocument,
    "\n  query ActivityAccounts {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": types.ActivityAccountsDocument,
    "\n  query Application($id: ID!) {\n    application(id: $id) {\n      id\n      kind\n      name\n      clientId\n      ...ApplicationUrlSettings\n      connectionsCount\n    }\n  }\n": types.ApplicationDocument,
    "\n  mutation UpdateApplication($id: ID!, $input: UpdateApplicationInput!) {\n    updateApplication(id: $id, input: $input) {\n      id\n      ...ApplicationUrlSettings\n    }\n  }\n": types.UpdateApplicationDocument,
    "\n  mutation RotateApplicationSecret($id: ID!) {\n    rotateApplicationSecret(id: $id) {\n      ...ApplicationSecrets\n    }\n  }\n": types.RotateApplicationSecretDocument,
    "\n  fragment ApplicationUrlSettings on Application {\n    redirectUris\n    scopes\n    webhookUrl\n    catalogPullUrl\n    menuPublicationUrl\n    storeStatusUrl\n  }\n": types.ApplicationUrlSettingsFragmentDoc,
    "\n  query Applications($kind: ApplicationKind!, $nextPageKey: String) {\n    applications(kind: $kind, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        connectionsCount\n      }\n      nextPageKey\n    }\n  }\n": types.ApplicationsDocument,
    "\n  mutation CreateApplication($input: CreateApplicationInput!) {\n    createApplication(input: $input) {\n      name\n      ...ApplicationSecrets\n    }\n  }\n": types.CreateApplicationDocument,
    "\n  fragment ApplicationSecrets on ApplicationWithSecrets {\n    id\n    clientId\n    clientSecret\n    webhookSecret\n  }\n": types.ApplicationSecretsFragmentDoc,
    "\n  query ApplicationName($id: ID!) {\n    application(id: $id) {\n      id\n      name\n    }\n  }\n": types.ApplicationNameDocument,
    "\n  fragment DeliveryRow on Delivery {\n    id\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n  }\n": types.DeliveryRowFragmentDoc,
    "\n  fragment DeliveryDetailFields on DeliveryDetail {\n    id\n    eventId\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n    requestId\n    payload\n    attempts {\n      attemptNumber\n      startedAt\n      url\n      httpStatus\n      error\n      latencyMs\n      responseExcerpt\n    }\n  }\n": types.DeliveryDetailFieldsFragmentDoc,
    "\n  query LocationDeliveries(\n    $accountId: ID!\n    $locationId: ID!\n    $status: DeliveryStatus\n    $eventType: String\n    $nextPageKey: String\n  ) {\n    locationDeliveries(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n": types.LocationDeliveriesDocument,
    "\n  query ApplicationDeliveries($applicationId: ID!, $status: DeliveryStatus, $eventType: String, $nextPageKey: String) {\n    applicationDeliveries(\n      applicationId: $applicationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n": types.ApplicationDeliveriesDocument,
    "\n  subscription LocationDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n": types.LocationDeliveryEventsDocument,
    "\n  subscription ApplicationDeliveryEvents($applicationId: ID!) {\n    applicationDeliveryChanged(applicationId: $applicationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n": types.ApplicationDeliveryEventsDocument,
    "\n  query Delivery($id: ID!) {\n    delivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n": types.DeliveryDocument,
    "\n  mutation RetryDelivery($id: ID!) {\n    retryDelivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n": types.RetryDeliveryDocument,
    "\n  query Home {\n    home {\n      accountId\n      accountName\n      locationId\n      locationName\n      storeStatus\n      newOrders\n      failingDeliveries\n    }\n  }\n": types.HomeDocument,
    "\n  query PosConnections($accountId: ID!, $locationId: ID!) {\n    availableApplications(accountId: $accountId, locationId: $locationId, kind: POS, limit: 200) {\n      data {\n        id\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n": types.PosConnectionsDocument,
    "\n  mutation PullCatalog($accountId: ID!, $locationId: ID!, $connectionId: ID!) {\n    pullCatalog(accountId: $accountId, locationId: $locationId, connectionId: $connectionId) {\n      categories\n      products\n      modifiers\n      modifierGroups\n      taxRates\n    }\n  }\n": types.PullCatalogDocument,
    "\n  query Products($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      nextPageKey\n    }\n  }\n": types.ProductsDocument,
    "\n  query Categories($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    categories(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        show_online\n      }\n      nextPageKey\n    }\n  }\n": types.CategoriesDocument,
    "\n  query Modifiers($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    modifiers(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n      }\n      nextPageKey\n    }\n  }\n": types.ModifiersDocument,
    "\n  query ModifierGroups($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    modifierGroups(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        posReference\n        name\n        minPermitted\n        maxPermitted\n      }\n      nextPageKey\n    }\n  }\n": types.ModifierGroupsDocument,
    "\n  mutation SetProductShowOnline($accountId: ID!, $locationId: ID!, $id: ID!, $input: ProductInput!) {\n    updateProduct(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      showOnline\n      taxRateIds\n    }\n  }\n": types.SetProductShowOnlineDocument,
    "\n  mutation UpdateConnection($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateConnectionInput!) {\n    updateConnection(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      credentials\n    }\n  }\n": types.UpdateConnectionDocument,
    "\n  query LocationConnections($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        redirectUris\n        connected\n        connectionId\n      }\n      nextPageKey\n    }\n    connections(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        status\n        credentials\n      }\n    }\n  }\n": types.LocationConnectionsDocument,
    "\n  mutation Connect($accountId: ID!, $locationId: ID!, $input: ConnectInput!) {\n    connect(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n": types.ConnectDocument,
    "\n  mutation Disconnect($accountId: ID!, $locationId: ID!, $id: ID!) {\n    disconnect(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n    }\n  }\n": types.DisconnectDocument,
    "\n  query LocationNames($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      name\n    }\n  }\n": types.LocationNamesDocument,
    "\n  fragment LocationSettings on Location {\n    id\n    name\n    currency\n    timezone\n    taxRates {\n      posReference\n      name\n      type\n      rate\n      inclusive\n      isDefault\n    }\n  }\n": types.LocationSettingsFragmentDoc,
    "\n  mutation UpdateLocation($accountId: ID!, $id: ID!, $input: UpdateLocationInput!) {\n    updateLocation(accountId: $accountId, id: $id, input: $input) {\n      ...LocationSettings\n    }\n  }\n": types.UpdateLocationDocument,
    "\n  query Location($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      ...LocationSettings\n    }\n  }\n": types.LocationDocument,
    "\n  fragment MenuItemRow on MenuItem {\n    id\n    productId\n    posReference\n    name\n    price\n    categories\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n    modifierGroups\n    position\n  }\n": types.MenuItemRowFragmentDoc,
    "\n  fragment MenuModifierRow on MenuModifier {\n    id\n    posReference\n    name\n    price\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n  }\n": types.MenuModifierRowFragmentDoc,
    "\n  fragment MenuFields on Menu {\n    id\n    name\n    description\n    updatedAt\n    items {\n      ...MenuItemRow\n    }\n    modifiers {\n      ...MenuModifierRow\n    }\n  }\n": types.MenuFieldsFragmentDoc,
    "\n  query Menus($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    menus(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        description\n        updatedAt\n        items {\n          id\n          show_online\n        }\n      }\n      nextPageKey\n    }\n  }\n": types.MenusDocument,
    "\n  query Menu($accountId: ID!, $locationId: ID!, $id: ID!) {\n    menu(accountId: $accountId, locationId: $locationId, id: $id) {\n      ...MenuFields\n    }\n    location(accountId: $accountId, id: $locationId) {\n      id\n      currency\n      taxRates {\n        posReference\n        name\n      }\n    }\n  }\n": types.MenuDocument,
    "\n  mutation CreateMenu($accountId: ID!, $locationId: ID!, $input: CreateMenuInput!) {\n    createMenu(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n": types.CreateMenuDocument,
    "\n  mutation AddMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $productId: ID!) {\n    addMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, input: { productId: $productId }) {\n      id\n    }\n  }\n": types.AddMenuItemDocument,
    "\n  mutation UpdateMenuItemTaxRates($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!, $taxRateIds: [String!]) {\n    updateMenuItem(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuItemRow\n    }\n  }\n": types.UpdateMenuItemTaxRatesDocument,
    "\n  mutation UpdateMenuModifierTaxRates(\n    $accountId: ID!\n    $locationId: ID!\n    $menuId: ID!\n    $id: ID!\n    $taxRateIds: [String!]\n  ) {\n    updateMenuModifier(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuModifierRow\n    }\n  }\n": types.UpdateMenuModifierTaxRatesDocument,
    "\n  mutation DeleteMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!) {\n    deleteMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, id: $id)\n  }\n": types.DeleteMenuItemDocument,
    "\n  mutation ReorderMenuItems($accountId: ID!, $locationId: ID!, $menuId: ID!, $itemIds: [ID!]!) {\n    reorderMenuItems(accountId: $accountId, locationId: $locationId, menuId: $menuId, itemIds: $itemIds) {\n      ...MenuFields\n    }\n  }\n": types.ReorderMenuItemsDocument,
    "\n  query ProductChoices($accountId: ID!, $locationId: ID!, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 10, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      hasNextPage\n    }\n  }\n": types.ProductChoicesDocument,
    "\n  query MenuPublications($accountId: ID!, $locationId: ID!, $menuId: ID!, $limit: Int!) {\n    menuPublications(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      limit: $limit\n      newestFirst: true\n    ) {\n      data {\n        id\n        connectionId\n        deliveryId\n        deliveryRetained\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n        createdAt\n      }\n      hasNextPage\n    }\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        kind\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n": types.MenuPublicationsDocument,
    "\n  subscription MenuPublicationEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuPublicationChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n      publication {\n        id\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n      }\n    }\n  }\n": types.MenuPublicationEventsDocument,
    "\n  mutation PublishMenu($accountId: ID!, $locationId: ID!, $menuId: ID!, $connectionId: ID!) {\n    publishMenu(accountId: $accountId, locationId: $locationId, menuId: $menuId, connectionId: $connectionId) {\n      id\n      status\n    }\n  }\n": types.PublishMenuDocument,
    "\n  subscription MenuEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n    }\n  }\n": types.MenuEventsDocument,
    "\n  fragment BoardRow on Order {\n    id\n    externalId\n    orderNumber\n    friendlyId\n    customerName\n    status\n    sourceName\n    fulfillmentType\n    tableName\n    total\n    currency\n    createdAt\n  }\n": types.BoardRowFragmentDoc,
    "\n  query OrderBoard($accountId: ID!, $locationId: ID!, $status: [OrderStatus!], $limit: Int!, $search: String) {\n    orderCounts(accountId: $accountId, locationId: $locationId) {\n      status\n      count\n    }\n    orders(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      newestFirst: true\n      limit: $limit\n      search: $search\n    ) {\n      data {\n        ...BoardRow\n      }\n      hasNextPage\n    }\n  }\n": types.OrderBoardDocument,
    "\n  subscription OrderBoardEvents($accountId: ID!, $locationId: ID!) {\n    orderBoard(accountId: $accountId, locationId: $locationId) {\n      kind\n      order {\n        ...BoardRow\n        allowedTransitions\n      }\n    }\n  }\n": types.OrderBoardEventsDocument,
    "\n  query OrderDeliveries($accountId: ID!, $locationId: ID!, $orderId: ID!) {\n    locationDeliveries(accountId: $accountId, locationId: $locationId, orderId: $orderId, limit: 50) {\n      data {\n        id\n        eventType\n        applicationName\n        status\n        attemptCount\n        lastError\n      }\n    }\n  }\n": types.OrderDeliveriesDocument,
    "\n  subscription OrderDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        id\n        orderingKey\n      }\n    }\n  }\n": types.OrderDeliveryEventsDocument,
    "\n  query OrderDetail($accountId: ID!, $locationId: ID!, $id: ID!) {\n    order(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n      externalId\n      orderNumber\n      friendlyId\n      status\n      sourceName\n      total\n      currency\n      fulfillmentType\n      tableName\n      isPaid\n      isScheduledOrder\n      estimatedPickupTime\n      estimatedDeliveryTime\n      notes\n      customer\n      delivery\n      allowedTransitions\n      items {\n        name\n        quantity\n        price\n        taxRateIds\n        customerNotes\n        options {\n          name\n          price\n          taxRateIds\n        }\n      }\n      location {\n        taxRates {\n          posReference\n          name\n          rate\n          type\n        }\n      }\n      statusHistory {\n        status\n        at\n        by\n        byName\n        reason\n      }\n    }\n    orderCancellationReasons\n  }\n": types.OrderDetailDocument,
    "\n  mutation ChangeOrderStatus($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateOrderStatusInput!) {\n    updateOrderStatus(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      status\n      allowedTransitions\n    }\n  }\n": types.ChangeOrderStatusDocument,
    "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      ...ViewerFields\n    }\n  }\n": types.SignInDocument,
    "\n  fragment StoreStatusFields on LocationStoreStatus {\n    storeStatus\n    closedUntil\n    closedReason\n    closedReasonNotes\n    marketplaces {\n      connectionId\n      applicationName\n      deliveryId\n      status\n      storeStatus\n      attempts\n      lastError\n      sentAt\n      deliveredAt\n    }\n  }\n": types.StoreStatusFieldsFragmentDoc,
    "\n  query StoreStatus($accountId: ID!, $locationId: ID!) {\n    storeStatus(accountId: $accountId, locationId: $locationId) {\n      ...StoreStatusFields\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      timezone\n    }\n  }\n": types.StoreStatusDocument,
    "\n  subscription StoreStatusEvents($accountId: ID!, $locationId: ID!) {\n    storeStatusChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n    }\n  }\n": types.StoreStatusEventsDocument,
    "\n  mutation SetStoreStatus($accountId: ID!, $locationId: ID!, $input: StoreStatusInput!) {\n    setStoreStatus(accountId: $accountId, locationId: $locationId, input: $input) {\n      ...StoreStatusFields\n    }\n  }\n": types.SetStoreStatusDocument,
    "\n  mutation UpdateUserAccounts($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      accountIds\n    }\n  }\n": types.UpdateUserAccountsDocument,
    "\n  mutation DeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n": types.DeactivateUserDocument,
    "\n  mutation ReactivateUser($id: ID!) {\n    reactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n": types.ReactivateUserDocument,
    "\n  query Users($nextPageKey: String) {\n    users(limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        email\n        username\n        role\n        accountIds\n        deactivatedAt\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n": types.UsersDocument,
    "\n  query AccountChoices {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n": types.AccountChoicesDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n": types.CreateUserDocument,
    "\n  mutation SignOut {\n    signOut\n  }\n": types.SignOutDocument,
    "\n  fragment ViewerFields on Viewer {\n    id\n    email\n    role\n    permissions {\n      manageApplications\n      manageUsers\n      creatableRoles\n      provision\n      editLocations\n      manageConnections\n      editCatalog\n      editMenus\n    }\n  }\n": types.ViewerFieldsFragmentDoc,
    "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n": types.ViewerDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Account($accountId: ID!, $nextPageKey: String) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    locations(accountId: $accountId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        currency\n        timezone\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Account($accountId: ID!, $nextPageKey: String) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    locations(accountId: $accountId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        currency\n        timezone\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateLocation($accountId: ID!, $input: CreateLocationInput!) {\n    createLocation(accountId: $accountId, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateLocation($accountId: ID!, $input: CreateLocationInput!) {\n    createLocation(accountId: $accountId, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Accounts($nextPageKey: String, $search: String) {\n    accounts(limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        name\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Accounts($nextPageKey: String, $search: String) {\n    accounts(limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        name\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation CreateAccount($input: CreateAccountInput!) {\n    createAccount(input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {\n    updateAccount(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateAccount($id: ID!, $input: UpdateAccountInput!) {\n    updateAccount(id: $id, input: $input) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Activity($accountId: ID, $locationId: ID, $action: String, $from: String, $to: String, $nextPageKey: String) {\n    activity(\n      accountId: $accountId\n      locationId: $locationId\n      action: $action\n      from: $from\n      to: $to\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          name\n          viaApplicationName\n        }\n        sourceAddress\n        subject {\n          type\n          name\n        }\n        changes\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Activity($accountId: ID, $locationId: ID, $action: String, $from: String, $to: String, $nextPageKey: String) {\n    activity(\n      accountId: $accountId\n      locationId: $locationId\n      action: $action\n      from: $from\n      to: $to\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          name\n          viaApplicationName\n        }\n        sourceAddress\n        subject {\n          type\n          name\n        }\n        changes\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ActivityAccounts {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query ActivityAccounts {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Application($id: ID!) {\n    application(id: $id) {\n      id\n      kind\n      name\n      clientId\n      ...ApplicationUrlSettings\n      connectionsCount\n    }\n  }\n"): (typeof documents)["\n  query Application($id: ID!) {\n    application(id: $id) {\n      id\n      kind\n      name\n      clientId\n      ...ApplicationUrlSettings\n      connectionsCount\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateApplication($id: ID!, $input: UpdateApplicationInput!) {\n    updateApplication(id: $id, input: $input) {\n      id\n      ...ApplicationUrlSettings\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateApplication($id: ID!, $input: UpdateApplicationInput!) {\n    updateApplication(id: $id, input: $input) {\n      id\n      ...ApplicationUrlSettings\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateApplicationSecret($id: ID!) {\n    rotateApplicationSecret(id: $id) {\n      ...ApplicationSecrets\n    }\n  }\n"): (typeof documents)["\n  mutation RotateApplicationSecret($id: ID!) {\n    rotateApplicationSecret(id: $id) {\n      ...ApplicationSecrets\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApplicationUrlSettings on Application {\n    redirectUris\n    scopes\n    webhookUrl\n    catalogPullUrl\n    menuPublicationUrl\n    storeStatusUrl\n  }\n"): (typeof documents)["\n  fragment ApplicationUrlSettings on Application {\n    redirectUris\n    scopes\n    webhookUrl\n    catalogPullUrl\n    menuPublicationUrl\n    storeStatusUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Applications($kind: ApplicationKind!, $nextPageKey: String) {\n    applications(kind: $kind, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        connectionsCount\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Applications($kind: ApplicationKind!, $nextPageKey: String) {\n    applications(kind: $kind, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        connectionsCount\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApplication($input: CreateApplicationInput!) {\n    createApplication(input: $input) {\n      name\n      ...ApplicationSecrets\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApplication($input: CreateApplicationInput!) {\n    createApplication(input: $input) {\n      name\n      ...ApplicationSecrets\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ApplicationSecrets on ApplicationWithSecrets {\n    id\n    clientId\n    clientSecret\n    webhookSecret\n  }\n"): (typeof documents)["\n  fragment ApplicationSecrets on ApplicationWithSecrets {\n    id\n    clientId\n    clientSecret\n    webhookSecret\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApplicationName($id: ID!) {\n    application(id: $id) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query ApplicationName($id: ID!) {\n    application(id: $id) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryRow on Delivery {\n    id\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n  }\n"): (typeof documents)["\n  fragment DeliveryRow on Delivery {\n    id\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryDetailFields on DeliveryDetail {\n    id\n    eventId\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n    requestId\n    payload\n    attempts {\n      attemptNumber\n      startedAt\n      url\n      httpStatus\n      error\n      latencyMs\n      responseExcerpt\n    }\n  }\n"): (typeof documents)["\n  fragment DeliveryDetailFields on DeliveryDetail {\n    id\n    eventId\n    eventType\n    url\n    status\n    attemptCount\n    nextAttemptAt\n    lastAttemptAt\n    deliveredAt\n    lastError\n    createdAt\n    requestId\n    payload\n    attempts {\n      attemptNumber\n      startedAt\n      url\n      httpStatus\n      error\n      latencyMs\n      responseExcerpt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LocationDeliveries(\n    $accountId: ID!\n    $locationId: ID!\n    $status: DeliveryStatus\n    $eventType: String\n    $nextPageKey: String\n  ) {\n    locationDeliveries(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query LocationDeliveries(\n    $accountId: ID!\n    $locationId: ID!\n    $status: DeliveryStatus\n    $eventType: String\n    $nextPageKey: String\n  ) {\n    locationDeliveries(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ApplicationDeliveries($applicationId: ID!, $status: DeliveryStatus, $eventType: String, $nextPageKey: String) {\n    applicationDeliveries(\n      applicationId: $applicationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query ApplicationDeliveries($applicationId: ID!, $status: DeliveryStatus, $eventType: String, $nextPageKey: String) {\n    applicationDeliveries(\n      applicationId: $applicationId\n      status: $status\n      eventType: $eventType\n      newestFirst: true\n      limit: 50\n      nextPageKey: $nextPageKey\n    ) {\n      data {\n        ...DeliveryRow\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription LocationDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription LocationDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription ApplicationDeliveryEvents($applicationId: ID!) {\n    applicationDeliveryChanged(applicationId: $applicationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription ApplicationDeliveryEvents($applicationId: ID!) {\n    applicationDeliveryChanged(applicationId: $applicationId) {\n      kind\n      delivery {\n        ...DeliveryDetailFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Delivery($id: ID!) {\n    delivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n"): (typeof documents)["\n  query Delivery($id: ID!) {\n    delivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RetryDelivery($id: ID!) {\n    retryDelivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n"): (typeof documents)["\n  mutation RetryDelivery($id: ID!) {\n    retryDelivery(id: $id) {\n      ...DeliveryDetailFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Home {\n    home {\n      accountId\n      accountName\n      locationId\n      locationName\n      storeStatus\n      newOrders\n      failingDeliveries\n    }\n  }\n"): (typeof documents)["\n  query Home {\n    home {\n      accountId\n      accountName\n      locationId\n      locationName\n      storeStatus\n      newOrders\n      failingDeliveries\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PosConnections($accountId: ID!, $locationId: ID!) {\n    availableApplications(accountId: $accountId, locationId: $locationId, kind: POS, limit: 200) {\n      data {\n        id\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n"): (typeof documents)["\n  query PosConnections($accountId: ID!, $locationId: ID!) {\n    availableApplications(accountId: $accountId, locationId: $locationId, kind: POS, limit: 200) {\n      data {\n        id\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PullCatalog($accountId: ID!, $locationId: ID!, $connectionId: ID!) {\n    pullCatalog(accountId: $accountId, locationId: $locationId, connectionId: $connectionId) {\n      categories\n      products\n      modifiers\n      modifierGroups\n      taxRates\n    }\n  }\n"): (typeof documents)["\n  mutation PullCatalog($accountId: ID!, $locationId: ID!, $connectionId: ID!) {\n    pullCatalog(accountId: $accountId, locationId: $locationId, connectionId: $connectionId) {\n      categories\n      products\n      modifiers\n      modifierGroups\n      taxRates\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Products($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Products($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Categories($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    categories(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        show_online\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Categories($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    categories(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        show_online\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Modifiers($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    modifiers(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Modifiers($accountId: ID!, $locationId: ID!, $nextPageKey: String, $search: String) {\n    modifiers(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ModifierGroups($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    modifierGroups(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        posReference\n        name\n        minPermitted\n        maxPermitted\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query ModifierGroups($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    modifierGroups(accountId: $accountId, locationId: $locationId, limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        posReference\n        name\n        minPermitted\n        maxPermitted\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetProductShowOnline($accountId: ID!, $locationId: ID!, $id: ID!, $input: ProductInput!) {\n    updateProduct(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      showOnline\n      taxRateIds\n    }\n  }\n"): (typeof documents)["\n  mutation SetProductShowOnline($accountId: ID!, $locationId: ID!, $id: ID!, $input: ProductInput!) {\n    updateProduct(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      showOnline\n      taxRateIds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateConnection($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateConnectionInput!) {\n    updateConnection(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      credentials\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateConnection($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateConnectionInput!) {\n    updateConnection(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      credentials\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LocationConnections($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        redirectUris\n        connected\n        connectionId\n      }\n      nextPageKey\n    }\n    connections(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        status\n        credentials\n      }\n    }\n  }\n"): (typeof documents)["\n  query LocationConnections($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        kind\n        name\n        clientId\n        redirectUris\n        connected\n        connectionId\n      }\n      nextPageKey\n    }\n    connections(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        status\n        credentials\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Connect($accountId: ID!, $locationId: ID!, $input: ConnectInput!) {\n    connect(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation Connect($accountId: ID!, $locationId: ID!, $input: ConnectInput!) {\n    connect(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Disconnect($accountId: ID!, $locationId: ID!, $id: ID!) {\n    disconnect(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation Disconnect($accountId: ID!, $locationId: ID!, $id: ID!) {\n    disconnect(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query LocationNames($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      name\n    }\n  }\n"): (typeof documents)["\n  query LocationNames($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      name\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LocationSettings on Location {\n    id\n    name\n    currency\n    timezone\n    taxRates {\n      posReference\n      name\n      type\n      rate\n      inclusive\n      isDefault\n    }\n  }\n"): (typeof documents)["\n  fragment LocationSettings on Location {\n    id\n    name\n    currency\n    timezone\n    taxRates {\n      posReference\n      name\n      type\n      rate\n      inclusive\n      isDefault\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateLocation($accountId: ID!, $id: ID!, $input: UpdateLocationInput!) {\n    updateLocation(accountId: $accountId, id: $id, input: $input) {\n      ...LocationSettings\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateLocation($accountId: ID!, $id: ID!, $input: UpdateLocationInput!) {\n    updateLocation(accountId: $accountId, id: $id, input: $input) {\n      ...LocationSettings\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Location($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      ...LocationSettings\n    }\n  }\n"): (typeof documents)["\n  query Location($accountId: ID!, $locationId: ID!) {\n    account(id: $accountId) {\n      id\n      name\n    }\n    location(id: $locationId, accountId: $accountId) {\n      ...LocationSettings\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MenuItemRow on MenuItem {\n    id\n    productId\n    posReference\n    name\n    price\n    categories\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n    modifierGroups\n    position\n  }\n"): (typeof documents)["\n  fragment MenuItemRow on MenuItem {\n    id\n    productId\n    posReference\n    name\n    price\n    categories\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n    modifierGroups\n    position\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MenuModifierRow on MenuModifier {\n    id\n    posReference\n    name\n    price\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n  }\n"): (typeof documents)["\n  fragment MenuModifierRow on MenuModifier {\n    id\n    posReference\n    name\n    price\n    taxRateIds\n    taxRateIdsOverride\n    show_online\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MenuFields on Menu {\n    id\n    name\n    description\n    updatedAt\n    items {\n      ...MenuItemRow\n    }\n    modifiers {\n      ...MenuModifierRow\n    }\n  }\n"): (typeof documents)["\n  fragment MenuFields on Menu {\n    id\n    name\n    description\n    updatedAt\n    items {\n      ...MenuItemRow\n    }\n    modifiers {\n      ...MenuModifierRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Menus($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    menus(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        description\n        updatedAt\n        items {\n          id\n          show_online\n        }\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Menus($accountId: ID!, $locationId: ID!, $nextPageKey: String) {\n    menus(accountId: $accountId, locationId: $locationId, limit: 50, nextPageKey: $nextPageKey) {\n      data {\n        id\n        name\n        description\n        updatedAt\n        items {\n          id\n          show_online\n        }\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Menu($accountId: ID!, $locationId: ID!, $id: ID!) {\n    menu(accountId: $accountId, locationId: $locationId, id: $id) {\n      ...MenuFields\n    }\n    location(accountId: $accountId, id: $locationId) {\n      id\n      currency\n      taxRates {\n        posReference\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query Menu($accountId: ID!, $locationId: ID!, $id: ID!) {\n    menu(accountId: $accountId, locationId: $locationId, id: $id) {\n      ...MenuFields\n    }\n    location(accountId: $accountId, id: $locationId) {\n      id\n      currency\n      taxRates {\n        posReference\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMenu($accountId: ID!, $locationId: ID!, $input: CreateMenuInput!) {\n    createMenu(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation CreateMenu($accountId: ID!, $locationId: ID!, $input: CreateMenuInput!) {\n    createMenu(accountId: $accountId, locationId: $locationId, input: $input) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $productId: ID!) {\n    addMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, input: { productId: $productId }) {\n      id\n    }\n  }\n"): (typeof documents)["\n  mutation AddMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $productId: ID!) {\n    addMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, input: { productId: $productId }) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMenuItemTaxRates($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!, $taxRateIds: [String!]) {\n    updateMenuItem(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuItemRow\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMenuItemTaxRates($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!, $taxRateIds: [String!]) {\n    updateMenuItem(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuItemRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMenuModifierTaxRates(\n    $accountId: ID!\n    $locationId: ID!\n    $menuId: ID!\n    $id: ID!\n    $taxRateIds: [String!]\n  ) {\n    updateMenuModifier(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuModifierRow\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateMenuModifierTaxRates(\n    $accountId: ID!\n    $locationId: ID!\n    $menuId: ID!\n    $id: ID!\n    $taxRateIds: [String!]\n  ) {\n    updateMenuModifier(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      id: $id\n      input: { taxRateIds: $taxRateIds }\n    ) {\n      ...MenuModifierRow\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!) {\n    deleteMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, id: $id)\n  }\n"): (typeof documents)["\n  mutation DeleteMenuItem($accountId: ID!, $locationId: ID!, $menuId: ID!, $id: ID!) {\n    deleteMenuItem(accountId: $accountId, locationId: $locationId, menuId: $menuId, id: $id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReorderMenuItems($accountId: ID!, $locationId: ID!, $menuId: ID!, $itemIds: [ID!]!) {\n    reorderMenuItems(accountId: $accountId, locationId: $locationId, menuId: $menuId, itemIds: $itemIds) {\n      ...MenuFields\n    }\n  }\n"): (typeof documents)["\n  mutation ReorderMenuItems($accountId: ID!, $locationId: ID!, $menuId: ID!, $itemIds: [ID!]!) {\n    reorderMenuItems(accountId: $accountId, locationId: $locationId, menuId: $menuId, itemIds: $itemIds) {\n      ...MenuFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ProductChoices($accountId: ID!, $locationId: ID!, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 10, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query ProductChoices($accountId: ID!, $locationId: ID!, $search: String) {\n    products(accountId: $accountId, locationId: $locationId, limit: 10, search: $search) {\n      data {\n        id\n        posReference\n        name\n        price\n        showOnline\n        taxRateIds\n      }\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MenuPublications($accountId: ID!, $locationId: ID!, $menuId: ID!, $limit: Int!) {\n    menuPublications(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      limit: $limit\n      newestFirst: true\n    ) {\n      data {\n        id\n        connectionId\n        deliveryId\n        deliveryRetained\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n        createdAt\n      }\n      hasNextPage\n    }\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        kind\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n"): (typeof documents)["\n  query MenuPublications($accountId: ID!, $locationId: ID!, $menuId: ID!, $limit: Int!) {\n    menuPublications(\n      accountId: $accountId\n      locationId: $locationId\n      menuId: $menuId\n      limit: $limit\n      newestFirst: true\n    ) {\n      data {\n        id\n        connectionId\n        deliveryId\n        deliveryRetained\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n        createdAt\n      }\n      hasNextPage\n    }\n    availableApplications(accountId: $accountId, locationId: $locationId, limit: 200) {\n      data {\n        id\n        kind\n        name\n        connected\n        connectionId\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MenuPublicationEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuPublicationChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n      publication {\n        id\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription MenuPublicationEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuPublicationChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n      publication {\n        id\n        status\n        attempts\n        lastError\n        partnerAnswer\n        deliveredAt\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishMenu($accountId: ID!, $locationId: ID!, $menuId: ID!, $connectionId: ID!) {\n    publishMenu(accountId: $accountId, locationId: $locationId, menuId: $menuId, connectionId: $connectionId) {\n      id\n      status\n    }\n  }\n"): (typeof documents)["\n  mutation PublishMenu($accountId: ID!, $locationId: ID!, $menuId: ID!, $connectionId: ID!) {\n    publishMenu(accountId: $accountId, locationId: $locationId, menuId: $menuId, connectionId: $connectionId) {\n      id\n      status\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription MenuEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n    }\n  }\n"): (typeof documents)["\n  subscription MenuEvents($accountId: ID!, $locationId: ID!, $menuId: ID!) {\n    menuChanged(accountId: $accountId, locationId: $locationId, menuId: $menuId) {\n      kind\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BoardRow on Order {\n    id\n    externalId\n    orderNumber\n    friendlyId\n    customerName\n    status\n    sourceName\n    fulfillmentType\n    tableName\n    total\n    currency\n    createdAt\n  }\n"): (typeof documents)["\n  fragment BoardRow on Order {\n    id\n    externalId\n    orderNumber\n    friendlyId\n    customerName\n    status\n    sourceName\n    fulfillmentType\n    tableName\n    total\n    currency\n    createdAt\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderBoard($accountId: ID!, $locationId: ID!, $status: [OrderStatus!], $limit: Int!, $search: String) {\n    orderCounts(accountId: $accountId, locationId: $locationId) {\n      status\n      count\n    }\n    orders(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      newestFirst: true\n      limit: $limit\n      search: $search\n    ) {\n      data {\n        ...BoardRow\n      }\n      hasNextPage\n    }\n  }\n"): (typeof documents)["\n  query OrderBoard($accountId: ID!, $locationId: ID!, $status: [OrderStatus!], $limit: Int!, $search: String) {\n    orderCounts(accountId: $accountId, locationId: $locationId) {\n      status\n      count\n    }\n    orders(\n      accountId: $accountId\n      locationId: $locationId\n      status: $status\n      newestFirst: true\n      limit: $limit\n      search: $search\n    ) {\n      data {\n        ...BoardRow\n      }\n      hasNextPage\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OrderBoardEvents($accountId: ID!, $locationId: ID!) {\n    orderBoard(accountId: $accountId, locationId: $locationId) {\n      kind\n      order {\n        ...BoardRow\n        allowedTransitions\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription OrderBoardEvents($accountId: ID!, $locationId: ID!) {\n    orderBoard(accountId: $accountId, locationId: $locationId) {\n      kind\n      order {\n        ...BoardRow\n        allowedTransitions\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderDeliveries($accountId: ID!, $locationId: ID!, $orderId: ID!) {\n    locationDeliveries(accountId: $accountId, locationId: $locationId, orderId: $orderId, limit: 50) {\n      data {\n        id\n        eventType\n        applicationName\n        status\n        attemptCount\n        lastError\n      }\n    }\n  }\n"): (typeof documents)["\n  query OrderDeliveries($accountId: ID!, $locationId: ID!, $orderId: ID!) {\n    locationDeliveries(accountId: $accountId, locationId: $locationId, orderId: $orderId, limit: 50) {\n      data {\n        id\n        eventType\n        applicationName\n        status\n        attemptCount\n        lastError\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription OrderDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        id\n        orderingKey\n      }\n    }\n  }\n"): (typeof documents)["\n  subscription OrderDeliveryEvents($accountId: ID!, $locationId: ID!) {\n    locationDeliveryChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n      delivery {\n        id\n        orderingKey\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OrderDetail($accountId: ID!, $locationId: ID!, $id: ID!) {\n    order(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n      externalId\n      orderNumber\n      friendlyId\n      status\n      sourceName\n      total\n      currency\n      fulfillmentType\n      tableName\n      isPaid\n      isScheduledOrder\n      estimatedPickupTime\n      estimatedDeliveryTime\n      notes\n      customer\n      delivery\n      allowedTransitions\n      items {\n        name\n        quantity\n        price\n        taxRateIds\n        customerNotes\n        options {\n          name\n          price\n          taxRateIds\n        }\n      }\n      location {\n        taxRates {\n          posReference\n          name\n          rate\n          type\n        }\n      }\n      statusHistory {\n        status\n        at\n        by\n        byName\n        reason\n      }\n    }\n    orderCancellationReasons\n  }\n"): (typeof documents)["\n  query OrderDetail($accountId: ID!, $locationId: ID!, $id: ID!) {\n    order(accountId: $accountId, locationId: $locationId, id: $id) {\n      id\n      externalId\n      orderNumber\n      friendlyId\n      status\n      sourceName\n      total\n      currency\n      fulfillmentType\n      tableName\n      isPaid\n      isScheduledOrder\n      estimatedPickupTime\n      estimatedDeliveryTime\n      notes\n      customer\n      delivery\n      allowedTransitions\n      items {\n        name\n        quantity\n        price\n        taxRateIds\n        customerNotes\n        options {\n          name\n          price\n          taxRateIds\n        }\n      }\n      location {\n        taxRates {\n          posReference\n          name\n          rate\n          type\n        }\n      }\n      statusHistory {\n        status\n        at\n        by\n        byName\n        reason\n      }\n    }\n    orderCancellationReasons\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ChangeOrderStatus($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateOrderStatusInput!) {\n    updateOrderStatus(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      status\n      allowedTransitions\n    }\n  }\n"): (typeof documents)["\n  mutation ChangeOrderStatus($accountId: ID!, $locationId: ID!, $id: ID!, $input: UpdateOrderStatusInput!) {\n    updateOrderStatus(accountId: $accountId, locationId: $locationId, id: $id, input: $input) {\n      id\n      status\n      allowedTransitions\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  mutation SignIn($email: String!, $password: String!) {\n    signIn(email: $email, password: $password) {\n      ...ViewerFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment StoreStatusFields on LocationStoreStatus {\n    storeStatus\n    closedUntil\n    closedReason\n    closedReasonNotes\n    marketplaces {\n      connectionId\n      applicationName\n      deliveryId\n      status\n      storeStatus\n      attempts\n      lastError\n      sentAt\n      deliveredAt\n    }\n  }\n"): (typeof documents)["\n  fragment StoreStatusFields on LocationStoreStatus {\n    storeStatus\n    closedUntil\n    closedReason\n    closedReasonNotes\n    marketplaces {\n      connectionId\n      applicationName\n      deliveryId\n      status\n      storeStatus\n      attempts\n      lastError\n      sentAt\n      deliveredAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StoreStatus($accountId: ID!, $locationId: ID!) {\n    storeStatus(accountId: $accountId, locationId: $locationId) {\n      ...StoreStatusFields\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      timezone\n    }\n  }\n"): (typeof documents)["\n  query StoreStatus($accountId: ID!, $locationId: ID!) {\n    storeStatus(accountId: $accountId, locationId: $locationId) {\n      ...StoreStatusFields\n    }\n    location(id: $locationId, accountId: $accountId) {\n      id\n      timezone\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription StoreStatusEvents($accountId: ID!, $locationId: ID!) {\n    storeStatusChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n    }\n  }\n"): (typeof documents)["\n  subscription StoreStatusEvents($accountId: ID!, $locationId: ID!) {\n    storeStatusChanged(accountId: $accountId, locationId: $locationId) {\n      kind\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetStoreStatus($accountId: ID!, $locationId: ID!, $input: StoreStatusInput!) {\n    setStoreStatus(accountId: $accountId, locationId: $locationId, input: $input) {\n      ...StoreStatusFields\n    }\n  }\n"): (typeof documents)["\n  mutation SetStoreStatus($accountId: ID!, $locationId: ID!, $input: StoreStatusInput!) {\n    setStoreStatus(accountId: $accountId, locationId: $locationId, input: $input) {\n      ...StoreStatusFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUserAccounts($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      accountIds\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateUserAccounts($id: ID!, $input: UpdateUserInput!) {\n    updateUser(id: $id, input: $input) {\n      id\n      accountIds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation DeactivateUser($id: ID!) {\n    deactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReactivateUser($id: ID!) {\n    reactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n"): (typeof documents)["\n  mutation ReactivateUser($id: ID!) {\n    reactivateUser(id: $id) {\n      id\n      deactivatedAt\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users($nextPageKey: String) {\n    users(limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        email\n        username\n        role\n        accountIds\n        deactivatedAt\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n"): (typeof documents)["\n  query Users($nextPageKey: String) {\n    users(limit: 25, nextPageKey: $nextPageKey) {\n      data {\n        id\n        email\n        username\n        role\n        accountIds\n        deactivatedAt\n        createdAt\n      }\n      nextPageKey\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountChoices {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AccountChoices {\n    accounts(limit: 200) {\n      data {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n"): (typeof documents)["\n  mutation CreateUser($input: CreateUserInput!) {\n    createUser(input: $input) {\n      id\n      email\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SignOut {\n    signOut\n  }\n"): (typeof documents)["\n  mutation SignOut {\n    signOut\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment ViewerFields on Viewer {\n    id\n    email\n    role\n    permissions {\n      manageApplications\n      manageUsers\n      creatableRoles\n      provision\n      editLocations\n      manageConnections\n      editCatalog\n      editMenus\n    }\n  }\n"): (typeof documents)["\n  fragment ViewerFields on Viewer {\n    id\n    email\n    role\n    permissions {\n      manageApplications\n      manageUsers\n      creatableRoles\n      provision\n      editLocations\n      manageConnections\n      editCatalog\n      editMenus\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n"): (typeof documents)["\n  query Viewer {\n    viewer {\n      ...ViewerFields\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;