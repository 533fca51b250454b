import { Migration } from '@mikro-orm/migrations';

// The figures of the order reports (src/modules/reports), kept in rollups that PostgreSQL maintains itself:
// statement-level triggers on `orders` turn every insert and update into signed contributions (+1 for the
// rows as they are now, -1 for the rows as they were) and add them up per location, local hour and
// marketplace. So the rollups change in the very statement or transaction that changes an order, whichever
// path wrote it (the placement's one statement, the status PATCH, the acceptance deadline, a bulk seed),
// and a report reads a few thousand rollup rows instead of every order. docs/reports.md explains the figures.
//
// - Hours and days are the location's wall clock (its timezone), so a report's periods are plain sums of
//   rows; when a location's timezone changes, its rollups are rebuilt from its orders.
// - Acceptance times (NEW to ACCEPTED) are counted in logarithmic bins (each 4% wider than the one before),
//   so p50 and p90 can be read from summed counts to within 2%. Per hour for hourly reports, per day for the
//   rest: a day's bins hold every order of that day in a few hundred rows at most.
// - `shard` spreads concurrent writers of one location and hour over several rows (by backend), so that
//   placements and acceptances on different connections do not queue behind one row lock.
// - Rows are added in key order, so two statements never wait on each other's rows in opposite orders.
// - The schema is apart (order_reports), so the ORM's migration generator, which knows only entities, leaves it alone.

export class Migration20261128030000_order_reports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create schema "order_reports";`);
    this.addSql(`create table "order_reports"."hours" (
  "location_id" uuid not null references "locations" ("id") on delete cascade,
  "hour" timestamp not null,
  "application_id" uuid not null,
  "currency" text not null,
  "shard" smallint not null,
  "placed" int not null,
  "live" int not null,
  "revenue" bigint not null,
  "with_total" int not null,
  "accepted" int not null,
  primary key ("location_id", "hour", "application_id", "currency", "shard")
);`);
    this.addSql(`create table "order_reports"."outcomes" (
  "location_id" uuid not null references "locations" ("id") on delete cascade,
  "hour" timestamp not null,
  "application_id" uuid not null,
  "status" text not null,
  "reason" text not null,
  "shard" smallint not null,
  "count" int not null,
  primary key ("location_id", "hour", "application_id", "status", "reason", "shard")
);`);
    this.addSql(`create table "order_reports"."acceptance_hours" (
  "location_id" uuid not null references "locations" ("id") on delete cascade,
  "hour" timestamp not null,
  "application_id" uuid not null,
  "bin" smallint not null,
  "count" int not null,
  primary key ("location_id", "hour", "application_id", "bin")
);`);
    this.addSql(`create table "order_reports"."acceptance_days" (
  "location_id" uuid not null references "locations" ("id") on delete cascade,
  "day" date not null,
  "application_id" uuid not null,
  "bin" smallint not null,
  "count" int not null,
  primary key ("location_id", "day", "application_id", "bin")
);`);

    // One contribution of an order to the figures: sign +1 (the row as it is) or -1 (as it was).
    this.addSql(`create type "order_reports"."delta" as (
  "sign" int, "location_id" uuid, "application_id" uuid, "created_at" timestamptz, "currency" text,
  "status" text, "reason" text, "total" bigint, "accepted_ms" bigint
);`);
    // Which orders count: never test orders (placed through the sandbox). One place for the rule.
    this.addSql(`create function "order_reports"."counts"(o "orders") returns boolean language sql immutable as $$
  select not o.test
$$;`);
    this
      .addSql(`create function "order_reports"."delta_of"(o "orders", sign int) returns "order_reports"."delta" language sql immutable as $$
  select row(sign, o.location_id, o.application_id, o.created_at, coalesce(o.details ->> 'currency', ''), o.status,
             coalesce(o.cancellation_reason, ''),
             case when jsonb_typeof(o.details -> 'total') = 'number' then round((o.details ->> 'total')::numeric)::bigint end,
             case when o.accepted_at is not null then greatest(0, round(extract(epoch from o.accepted_at - o.created_at) * 1000))::bigint end
         )::"order_reports"."delta"
$$;`);
    // The bin of an acceptance time in milliseconds: bin k holds (g^(k-1), g^k] with g = 1.02 / 0.98
    // (src/modules/reports/acceptance-bins.ts reads them back).
    this.addSql(`create function "order_reports"."bin"(ms bigint) returns smallint language sql immutable as $$
  select case when ms <= 1 then 0 else least(32767, ceil(ln(ms::float8) / ln(1.02 / 0.98)))::smallint end
$$;`);
    this
      .addSql(`create function "order_reports"."apply"(deltas "order_reports"."delta"[]) returns void language sql as $$
  with d as (
    select d.*, date_trunc('hour', d.created_at at time zone l.timezone) as hour,
           d.status not in ('REJECTED', 'CANCELLED') as live, pg_backend_pid() % 8 as shard
      from unnest(deltas) d join locations l on l.id = d.location_id
  ), hours as (
    insert into order_reports.hours as h (location_id, hour, application_id, currency, shard, placed, live, revenue, with_total, accepted)
    select location_id, hour, application_id, currency, shard, sum(sign),
           coalesce(sum(sign) filter (where live), 0),
           coalesce(sum(sign * total) filter (where live), 0),
           coalesce(sum(sign) filter (where live and total is not null), 0),
           coalesce(sum(sign) filter (where accepted_ms is not null), 0)
      from d
     group by location_id, hour, application_id, currency, shard
    having sum(sign) <> 0 or coalesce(sum(sign) filter (where live), 0) <> 0
        or coalesce(sum(sign * total) filter (where live), 0) <> 0
        or coalesce(sum(sign) filter (where live and total is not null), 0) <> 0
        or coalesce(sum(sign) filter (where accepted_ms is not null), 0) <> 0
     order by location_id, hour, application_id, currency, shard
    on conflict (location_id, hour, application_id, currency, shard) do update
       set placed = h.placed + excluded.placed, live = h.live + excluded.live, revenue = h.revenue + excluded.revenue,
           with_total = h.with_total + excluded.with_total, accepted = h.accepted + excluded.accepted
  ), outcomes as (
    insert into order_reports.outcomes as o (location_id, hour, application_id, status, reason, shard, count)
    select location_id, hour, application_id, status, reason, shard, sum(sign)
      from d where not live
     group by location_id, hour, application_id, status, reason, shard
    having sum(sign) <> 0
     order by location_id, hour, application_id, status, reason, shard
    on conflict (location_id, hour, application_id, status, reason, shard) do update set count = o.count + excluded.count
  ), acceptance as (
    select location_id, hour, application_id, order_reports.bin(accepted_ms) as bin, sign
      from d where accepted_ms is not null
  ), acceptance_hours as (
    insert into order_reports.acceptance_hours as a (location_id, hour, application_id, bin, count)
    select location_id, hour, application_id, bin, sum(sign) from acceptance
     group by location_id, hour, application_id, bin having sum(sign) <> 0
     order by location_id, hour, application_id, bin
    on conflict (location_id, hour, application_id, bin) do update set count = a.count + excluded.count
  )
  insert into order_reports.acceptance_days as a (location_id, day, application_id, bin, count)
  select location_id, hour::date, application_id, bin, sum(sign) from acceptance
   group by location_id, hour::date, application_id, bin having sum(sign) <> 0
   order by location_id, hour::date, application_id, bin
  on conflict (location_id, day, application_id, bin) do update set count = a.count + excluded.count
$$;`);
    this.addSql(`create function "order_reports"."orders_inserted"() returns trigger language plpgsql as $$
declare
  deltas order_reports.delta[] := array(select order_reports.delta_of(n, 1) from new_rows n where order_reports.counts(n));
begin
  if cardinality(deltas) > 0 then perform order_reports.apply(deltas); end if;
  return null;
end
$$;`);
    this.addSql(`create function "order_reports"."orders_updated"() returns trigger language plpgsql as $$
declare
  deltas order_reports.delta[] := array(
    select order_reports.delta_of(n, 1) from new_rows n where order_reports.counts(n)
    union all
    select order_reports.delta_of(o, -1) from old_rows o where order_reports.counts(o));
begin
  if cardinality(deltas) > 0 then perform order_reports.apply(deltas); end if;
  return null;
end
$$;`);
    // A location's rollups from its orders, a chunk of orders at a time (a timezone change, the first fill).
    this.addSql(`create function "order_reports"."rebuild"(location uuid) returns void language plpgsql as $$
declare
  after_at timestamptz := '-infinity';
  after_id uuid := '00000000-0000-0000-0000-000000000000';
  chunk orders[];
begin
  delete from order_reports.hours where location_id = location;
  delete from order_reports.outcomes where location_id = location;
  delete from order_reports.acceptance_hours where location_id = location;
  delete from order_reports.acceptance_days where location_id = location;
  loop
    chunk := array(select o from orders o where o.location_id = location and (o.created_at, o.id) > (after_at, after_id)
                    order by o.created_at, o.id limit 20000);
    exit when cardinality(chunk) = 0;
    perform order_reports.apply(array(select order_reports.delta_of(c, 1) from unnest(chunk) c where order_reports.counts(c)));
    after_at := chunk[cardinality(chunk)].created_at;
    after_id := chunk[cardinality(chunk)].id;
  end loop;
end
$$;`);
    this.addSql(`create function "order_reports"."timezone_changed"() returns trigger language plpgsql as $$
begin
  perform order_reports.rebuild(new.id);
  return null;
end
$$;`);
    this.addSql(
      `create trigger "orders_report_insert" after insert on "orders" referencing new table as new_rows for each statement execute function "order_reports"."orders_inserted"();`,
    );
    this.addSql(
      `create trigger "orders_report_update" after update on "orders" referencing old table as old_rows new table as new_rows for each statement execute function "order_reports"."orders_updated"();`,
    );
    this.addSql(
      `create trigger "locations_report_timezone" after update of "timezone" on "locations" for each row when (old."timezone" is distinct from new."timezone") execute function "order_reports"."timezone_changed"();`,
    );
    // Failed deliveries per period: few rows (deliveries given up after the whole retry schedule).
    this.addSql(
      `create index "deliveries_failed_by_location" on "deliveries" ("location_id", "created_at") where "status" = 'FAILED';`,
    );
    this.addSql(`select "order_reports"."rebuild"("id") from "locations";`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "deliveries_failed_by_location";`);
    this.addSql(`drop trigger "locations_report_timezone" on "locations";`);
    this.addSql(`drop trigger "orders_report_update" on "orders";`);
    this.addSql(`drop trigger "orders_report_insert" on "orders";`);
    this.addSql(`drop schema "order_reports" cascade;`);
  }
}
