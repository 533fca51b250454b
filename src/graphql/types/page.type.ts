import { Field, ObjectType, type ClassType } from 'type-graphql';

/** The list shape of docs/contract.md "Conventions" as a GraphQL type: data, hasNextPage, nextPageKey. */
export function PageType<T extends object>(item: ClassType<T>, name: string) {
  @ObjectType(name)
  abstract class PageClass {
    @Field(() => [item])
    data: T[];

    @Field()
    hasNextPage: boolean;

    @Field(() => String, { nullable: true })
    nextPageKey: string | null;
  }
  return PageClass;
}
