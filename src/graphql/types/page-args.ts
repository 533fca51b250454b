import { ArgsType, Field, Int } from 'type-graphql';

@ArgsType()
export class PageArgs {
  @Field(() => Int, { nullable: true, description: '1 to 200, default 50' })
  limit?: number;

  @Field(() => String, { nullable: true })
  nextPageKey?: string | null;
}
