import { Migration } from '@mikro-orm/migrations';

// Access and refresh tokens, authorization codes: the id column holds the SHA-256 (hex) of the token, and the
// payload no longer carries it as `jti` (src/auth/adapter.ts, HASHED_ID_MODELS). Rows written before keep
// working: their ids are hashed and their jti dropped in place.
export class Migration20261123220000_hashed_token_ids extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update "oidc_payloads" set "id" = encode(sha256(convert_to("id", 'UTF8')), 'hex'), "payload" = "payload" - 'jti' where "model" in ('AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials') and "payload"->>'jti' is not null;`,
    );
  }

  override async down(): Promise<void> {
    // A hash cannot be turned back into its token: the tokens issued since stay unreadable to older code.
    this.addSql(
      `delete from "oidc_payloads" where "model" in ('AccessToken', 'RefreshToken', 'AuthorizationCode', 'ClientCredentials');`,
    );
  }
}
