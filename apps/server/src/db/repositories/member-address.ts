// The columns a member's `acct` and `url` are made of (MemberAddressParts in the contract), for
// every statement that reads a member to show them: written once, so no shape can miss one.

type Column = 'host' | 'profile_url' | 'actor_uri';

/**
 * `table`'s host, profile_url and actor_uri, named `prefix` + the column (`actor_host`, …) when
 * one statement reads several members.
 */
export function memberAddressColumns<Table extends string, Prefix extends string = ''>(
  table: Table,
  prefix: Prefix = '' as Prefix,
) {
  const column = <Name extends Column>(name: Name) =>
    `${table}.${name} as ${prefix}${name}` as `${Table}.${Name} as ${Prefix}${Name}`;
  return [column('host'), column('profile_url'), column('actor_uri')] as const;
}
