import { Stack, Textarea, TextInput } from '@mantine/core';
import { graphql } from '../../gql';

// The URL fields of an application, shared by registration and editing. Which URLs a kind uses is what the
// server validates; the form only shows the ones that kind has a use for.

/** What these fields edit: read by the application screen and answered by its save, the same selection. A fragment the documents spread by name; codegen reads it from this call. */
graphql(`
  fragment ApplicationUrlSettings on Application {
    redirectUris
    scopes
    webhookUrl
    catalogPullUrl
    menuPublicationUrl
    storeStatusUrl
  }
`);

export interface ApplicationUrls {
  redirectUris: string;
  webhookUrl: string;
  catalogPullUrl: string;
  menuPublicationUrl: string;
  storeStatusUrl: string;
  scopes: string;
}

export function urlsOf(app: {
  redirectUris: string[];
  webhookUrl?: string | null;
  catalogPullUrl?: string | null;
  menuPublicationUrl?: string | null;
  storeStatusUrl?: string | null;
  scopes: string[];
}): ApplicationUrls {
  return {
    redirectUris: app.redirectUris.join('\n'),
    webhookUrl: app.webhookUrl ?? '',
    catalogPullUrl: app.catalogPullUrl ?? '',
    menuPublicationUrl: app.menuPublicationUrl ?? '',
    storeStatusUrl: app.storeStatusUrl ?? '',
    scopes: app.scopes.join(' '),
  };
}

/**
 * The input the server reads: lists split; an empty URL left out on registration, and cleared (null) on an edit,
 * where leaving it out would keep the old one.
 */
export function urlInput(urls: ApplicationUrls, kind: string | null | undefined, editing = false) {
  const optional = (value: string) => (value.trim() ? value.trim() : editing ? null : undefined);
  return {
    redirectUris: urls.redirectUris.split(/\s+/).filter(Boolean),
    webhookUrl: optional(urls.webhookUrl),
    ...(kind === 'POS' ? { catalogPullUrl: optional(urls.catalogPullUrl) } : {}),
    ...(kind === 'MARKETPLACE'
      ? { menuPublicationUrl: optional(urls.menuPublicationUrl), storeStatusUrl: optional(urls.storeStatusUrl) }
      : {}),
    ...(urls.scopes.trim() ? { scopes: urls.scopes.split(/\s+/).filter(Boolean) } : {}),
  };
}

/** Server field errors use the input's paths: /redirectUris/0, /webhookUrl... */
const errorAt = (errors: Record<string, string>, field: string) =>
  errors[`/${field}`] ?? Object.entries(errors).find(([path]) => path.startsWith(`/${field}/`))?.[1];

export function ApplicationUrlFields({
  kind,
  value,
  onChange,
  errors,
}: {
  kind: string | null | undefined;
  value: ApplicationUrls;
  onChange: (urls: ApplicationUrls) => void;
  errors: Record<string, string>;
}) {
  const set = (key: keyof ApplicationUrls) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onChange({ ...value, [key]: e.currentTarget.value });
  return (
    <Stack>
      <Textarea
        label="Redirect URIs"
        description="One per line: where Open and authorization land"
        autosize
        minRows={2}
        value={value.redirectUris}
        onChange={set('redirectUris')}
        error={errorAt(errors, 'redirectUris')}
      />
      <TextInput
        label="Webhook URL"
        description="Without one, the application reads its events from GET /v1/events"
        value={value.webhookUrl}
        onChange={set('webhookUrl')}
        error={errorAt(errors, 'webhookUrl')}
      />
      {kind === 'POS' && (
        <TextInput
          label="Catalog pull URL"
          value={value.catalogPullUrl}
          onChange={set('catalogPullUrl')}
          error={errorAt(errors, 'catalogPullUrl')}
        />
      )}
      {kind === 'MARKETPLACE' && (
        <>
          <TextInput
            label="Menu publication URL"
            value={value.menuPublicationUrl}
            onChange={set('menuPublicationUrl')}
            error={errorAt(errors, 'menuPublicationUrl')}
          />
          <TextInput
            label="Store status URL"
            value={value.storeStatusUrl}
            onChange={set('storeStatusUrl')}
            error={errorAt(errors, 'storeStatusUrl')}
          />
        </>
      )}
      <TextInput
        label="Scopes"
        description="Space-separated; empty for the kind's defaults"
        value={value.scopes}
        onChange={set('scopes')}
        error={errorAt(errors, 'scopes')}
      />
    </Stack>
  );
}
