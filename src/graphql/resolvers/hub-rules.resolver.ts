import { Query, Resolver } from 'type-graphql';
import { HUB_RULES, HUB_RULES_OPERATIONS } from '../../modules/hub-rules/index.js';
import { Declared } from '../granted.js';
import { HubRulesType } from '../types/hub-rules.type.js';

@Resolver()
export class HubRulesResolver {
  @Query(() => HubRulesType, { description: "The hub's rules a client reads instead of keeping its own copy" })
  @Declared(HUB_RULES_OPERATIONS.read)
  hubRules() {
    return HUB_RULES;
  }
}
