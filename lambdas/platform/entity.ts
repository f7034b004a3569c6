// One declaration per stored item type, ElectroDB's idea in the small: the item's key, its index keys and
// how its record is read back from an item are stated once, and every read, write and transaction item of
// that type is built from them. No data module spells a key or an index name itself.
//
// ElectroDB was studied and not adopted (docs/decisions.md#3-entities-not-electrodb): the seat transactions
// need update expressions it does not state (a waitlist place numbered from the class's own counter as it
// commits, conditions on exactly the counts that were read), and it keeps keys and attributes in a format of
// its own, so every stored item would have had to be rewritten.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import { batchGetAll, dynamo, queryAll, tableName, type Item, type Key } from './dynamo';
import { indexPage, type PageOptions } from './cursor';
import type { TransactItem } from './transact';
import { tableIndexes, type IndexName } from './table';

/** A key of the table or of an index: its partition, and its sort key (fixed, or a prefix and a value). */
export interface KeyDeclaration<F> {
  partition: (fields: F) => string;
  sort: string | { prefix: string; of: (fields: F) => string };
}

/** A way to list items of a type: the index that lists them, and their keys in it. */
export interface IndexDeclaration<R> extends KeyDeclaration<R> {
  index: IndexName;
  /** Only the items this holds for are on the list (a sparse index); absent: every item of the type. */
  when?: (record: R) => boolean;
  /**
   * The list spread over `count` partitions (`<partition>#<shard>`), an item's shard a hash of `by`: a list
   * written by every family at once takes more writes a second than one partition of an index can (the
   * capacity plan's partition peaks). Reading the list reads every shard and merges them in sort order.
   */
  shards?: { count: number; by: (record: R) => string };
}

export interface EntityDeclaration<R, F, L extends string> {
  /** The item's `type` attribute. */
  type: string;
  /** The primary key, from the fields that name the item. */
  key: KeyDeclaration<F>;
  /** The lists the item is on, by name: each an index of the table and the item's keys in it. */
  lists?: Record<L, IndexDeclaration<R & F>>;
  /** The record, read field by field from a stored item. */
  read: (item: StoredItem) => R;
  /** The attributes stored beside the keys and the type; absent: the record as it is (its key fields too). */
  write?: (record: R & F) => Item;
}

/**
 * An update of one item: attributes to set, remove and add to, and clauses of its own (document paths,
 * arithmetic on other attributes) with their names and values. The i-th attribute of `add` is `#add<i>`,
 * its amount `:add<i>`, for a condition to refer to.
 */
export interface ItemUpdate {
  set?: Record<string, unknown>;
  remove?: string[];
  add?: Record<string, number>;
  setClauses?: string[];
  removeClauses?: string[];
  names?: Record<string, string>;
  values?: Record<string, unknown>;
  condition?: string;
}

const sortKeyOf = <F>(sort: KeyDeclaration<F>['sort'], fields: F) =>
  typeof sort === 'string' ? sort : `${sort.prefix}${sort.of(fields)}`;
const sortPrefixOf = <F>(sort: KeyDeclaration<F>['sort']) => (typeof sort === 'string' ? sort : sort.prefix);
const indexAttributes = (index: IndexName) => tableIndexes.find((candidate) => candidate.indexName === index)!;

/** The shard of a sharded list's item: a hash of its `by` value, the same on every write of the item. */
const shardOf = (value: string, count: number) => createHash('sha256').update(value).digest().readUInt32BE(0) % count;

/** A list's partitions in its index: one, or one per shard. */
function listPartitions<R>(declared: IndexDeclaration<R>, fields: R): string[] {
  const partition = declared.partition(fields);
  return declared.shards
    ? Array.from({ length: declared.shards.count }, (_, shard) => `${partition}#${shard}`)
    : [partition];
}

/** Items of several shards in their index's sort order. */
function mergedInOrder(items: Item[], sortKey: string, newestFirst: boolean): Item[] {
  const order = newestFirst ? -1 : 1;
  return items.sort((a, b) => ((a[sortKey] as string) < (b[sortKey] as string) ? -order : order));
}

export function entity<R, F, L extends string = never>(declaration: EntityDeclaration<R, F, L>) {
  const { type, key: keyDeclaration, read, write = (record: R & F) => record as Item } = declaration;
  const lists = (declaration.lists ?? {}) as Record<L, IndexDeclaration<R & F>>;
  const key = (fields: F): Key => ({
    PK: keyDeclaration.partition(fields),
    SK: sortKeyOf(keyDeclaration.sort, fields),
  });
  const readItem = (item: Item) => read(new StoredItem(item));
  /** The index attributes that put an item on a list. */
  const indexKeysOf = (declared: IndexDeclaration<R & F>, fields: R & F): Item => {
    const attributes = indexAttributes(declared.index);
    const { shards } = declared;
    return {
      [attributes.partitionKey]: shards
        ? `${declared.partition(fields)}#${shardOf(shards.by(fields), shards.count)}`
        : declared.partition(fields),
      [attributes.sortKey]: sortKeyOf(declared.sort, fields),
    };
  };
  return {
    type,
    key,
    /** What the sort keys of this type's items begin with, in their partition. */
    sortPrefix: sortPrefixOf(keyDeclaration.sort),
    read: readItem,
    /** The record of an item when it is of this type (an item a failed condition returned, say). */
    readIf(item: Item | undefined): R | undefined {
      return item?.type === type ? readItem(item) : undefined;
    },
    /** The item as stored: the record with its keys, the index keys of the lists it is on, and its type. */
    item(record: R & F): Item {
      const indexKeys = Object.values<IndexDeclaration<R & F>>(lists)
        .filter((declared) => declared.when?.(record) ?? true)
        .map((declared) => indexKeysOf(declared, record));
      return { ...key(record), ...Object.assign({}, ...indexKeys), type, ...write(record) };
    },
    /** The index attributes that put an item on a list, for an update that puts it there. */
    listKeys(list: L, fields: Partial<R & F>): Item {
      return indexKeysOf(lists[list], fields as R & F);
    },
    async get(fields: F, { consistent = true } = {}): Promise<R | undefined> {
      const { Item } = await dynamo.send(
        new GetCommand({ TableName: tableName, Key: key(fields), ConsistentRead: consistent }),
      );
      return Item && readItem(Item);
    },
    /** The items named (absent ones left out), in no particular order. */
    async getMany(fields: F[], { consistent = false } = {}): Promise<R[]> {
      return (await batchGetAll(fields.map(key), { ConsistentRead: consistent })).map(readItem);
    },
    /** Every item of this type in a partition, in sort key order; `where`: only those with these values. */
    async inPartition(fields: Partial<F>, { where = {} }: { where?: Record<string, unknown> } = {}): Promise<R[]> {
      const filter = Object.entries(where);
      const items = await queryAll({
        KeyConditionExpression: 'PK = :partition AND begins_with(SK, :sort)',
        ...(filter.length && {
          FilterExpression: filter.map((_, index) => `#where${index} = :where${index}`).join(' AND '),
          ExpressionAttributeNames: Object.fromEntries(
            filter.map(([attribute], index) => [`#where${index}`, attribute]),
          ),
        }),
        ExpressionAttributeValues: {
          ':partition': keyDeclaration.partition(fields as F),
          ':sort': sortPrefixOf(keyDeclaration.sort),
          ...Object.fromEntries(filter.map(([, value], index) => [`:where${index}`, value])),
        },
        ConsistentRead: true,
      });
      return items.map(readItem);
    },
    /** The first `limit` items of this type in a partition, in sort key order (`newestFirst`: descending). */
    async firstInPartition(fields: Partial<F>, limit: number, { newestFirst = false } = {}): Promise<R[]> {
      const { Items } = await dynamo.send(
        new QueryCommand({
          TableName: tableName,
          KeyConditionExpression: 'PK = :partition AND begins_with(SK, :sort)',
          ExpressionAttributeValues: {
            ':partition': keyDeclaration.partition(fields as F),
            ':sort': sortPrefixOf(keyDeclaration.sort),
          },
          ConsistentRead: true,
          Limit: limit,
          ...(newestFirst && { ScanIndexForward: false }),
        }),
      );
      return (Items ?? []).map(readItem);
    },
    /** The keys of every item of this type in a partition (to delete them, whatever else they hold). */
    keysInPartition(fields: Partial<F>): Promise<Key[]> {
      return queryAll<Key>({
        KeyConditionExpression: 'PK = :partition AND begins_with(SK, :sort)',
        ExpressionAttributeValues: {
          ':partition': keyDeclaration.partition(fields as F),
          ':sort': sortPrefixOf(keyDeclaration.sort),
        },
        ProjectionExpression: 'PK, SK',
        ConsistentRead: true,
      });
    },
    /** Every item on one of the type's lists (an index: it may lag a write by a moment), in its sort order. */
    async inList(list: L, fields: Partial<R & F>, { newestFirst = false } = {}): Promise<R[]> {
      const declared = lists[list];
      const attributes = indexAttributes(declared.index);
      const prefix = sortPrefixOf(declared.sort);
      const shards = await Promise.all(
        listPartitions(declared, fields as R & F).map((partition) =>
          queryAll({
            IndexName: declared.index,
            KeyConditionExpression: `#partition = :partition${prefix ? ' AND begins_with(#sort, :sort)' : ''}`,
            ExpressionAttributeNames: {
              '#partition': attributes.partitionKey,
              ...(prefix && { '#sort': attributes.sortKey }),
            },
            ExpressionAttributeValues: { ':partition': partition, ...(prefix && { ':sort': prefix }) },
            ScanIndexForward: !newestFirst,
          }),
        ),
      );
      const items = shards.length === 1 ? shards[0]! : mergedInOrder(shards.flat(), attributes.sortKey, newestFirst);
      return items.map(readItem);
    },
    /** One page of a list, a client's cursor checked (see shared/cursor). */
    async page(list: L, fields: Partial<R & F>, options: Omit<PageOptions, 'index' | 'partitions'>) {
      const declared = lists[list];
      const page = await indexPage({
        ...options,
        index: declared.index,
        partitions: listPartitions(declared, fields as R & F),
      });
      return { items: page.items.map(readItem), ...(page.next && { next: page.next }) };
    },
    /** Writes the record; `ifNew`: only when no item has its key (false when one has). */
    async put(record: R & F, { ifNew = false } = {}): Promise<boolean> {
      try {
        const { ReturnValuesOnConditionCheckFailure: _onlyInTransactions, ...put } = this.putItem(record, { ifNew })
          .Put!;
        await dynamo.send(new PutCommand(put));
        return true;
      } catch (error) {
        if (ifNew && (error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
    putItem(
      record: R & F,
      {
        ifNew = false,
        condition,
        names,
        values,
      }: { ifNew?: boolean } & Pick<ItemUpdate, 'condition' | 'names' | 'values'> = {},
    ): TransactItem {
      const conditions = [...(ifNew ? ['attribute_not_exists(PK)'] : []), ...(condition ? [`(${condition})`] : [])];
      return {
        Put: {
          TableName: tableName,
          Item: this.item(record),
          ...(conditions.length && {
            ConditionExpression: conditions.join(' AND '),
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
          }),
          ...(names && { ExpressionAttributeNames: names }),
          ...(values && { ExpressionAttributeValues: values }),
        },
      };
    },
    update(fields: F, change: ItemUpdate) {
      return { TableName: tableName, Key: key(fields), ...updateExpression(change) };
    },
    updateItem(fields: F, change: ItemUpdate): TransactItem {
      const update = this.update(fields, change);
      return {
        Update: { ...update, ...(update.ConditionExpression && { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }) },
      };
    },
    /** Updates an item that exists; false when it does not, or `change.condition` fails. */
    updateIfThere(fields: F, change: ItemUpdate): Promise<boolean> {
      const condition = ['attribute_exists(PK)', ...(change.condition ? [`(${change.condition})`] : [])].join(' AND ');
      return this.tryUpdate(fields, { ...change, condition });
    },
    /** Updates the item (making it when missing); false when `change.condition` fails. */
    async tryUpdate(fields: F, change: ItemUpdate): Promise<boolean> {
      try {
        await dynamo.send(new UpdateCommand(this.update(fields, change)));
        return true;
      } catch (error) {
        if (change.condition && (error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
    /** Deletes the item; with a condition, false when it fails. */
    async delete(fields: F, condition?: Pick<ItemUpdate, 'condition' | 'names' | 'values'>): Promise<boolean> {
      try {
        const { ReturnValuesOnConditionCheckFailure: _onlyInTransactions, ...remove } = this.deleteItem(
          fields,
          condition,
        ).Delete!;
        await dynamo.send(new DeleteCommand(remove));
        return true;
      } catch (error) {
        if (condition && (error as Error).name === 'ConditionalCheckFailedException') return false;
        throw error;
      }
    },
    /** A transaction's check of the item, written nothing: the transaction holds only while `check.condition` does. */
    checkItem(
      fields: F,
      check: Required<Pick<ItemUpdate, 'condition'>> & Pick<ItemUpdate, 'names' | 'values'>,
    ): TransactItem {
      return {
        ConditionCheck: {
          TableName: tableName,
          Key: key(fields),
          ConditionExpression: check.condition,
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          ...(check.names && { ExpressionAttributeNames: check.names }),
          ...(check.values && { ExpressionAttributeValues: check.values }),
        },
      };
    },
    deleteItem(fields: F, condition?: Pick<ItemUpdate, 'condition' | 'names' | 'values'>): TransactItem {
      return {
        Delete: {
          TableName: tableName,
          Key: key(fields),
          ...(condition?.condition && {
            ConditionExpression: condition.condition,
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
          }),
          ...(condition?.names && { ExpressionAttributeNames: condition.names }),
          ...(condition?.values && { ExpressionAttributeValues: condition.values }),
        },
      };
    },
  };
}

/** `SET … ADD … REMOVE …` from an update's parts, each attribute behind a name placeholder. */
function updateExpression({
  set = {},
  remove = [],
  add = {},
  setClauses = [],
  removeClauses = [],
  names = {},
  values = {},
  condition,
}: ItemUpdate) {
  const allNames = { ...names };
  const allValues = { ...values };
  const name = (attribute: string, role: string, index: number) => {
    allNames[`#${role}${index}`] = attribute;
    return `#${role}${index}`;
  };
  const setParts = [
    ...Object.entries(set).map(([attribute, value], index) => {
      allValues[`:set${index}`] = value;
      return `${name(attribute, 'set', index)} = :set${index}`;
    }),
    ...setClauses,
  ];
  const addParts = Object.entries(add).map(([attribute, amount], index) => {
    allValues[`:add${index}`] = amount;
    return `${name(attribute, 'add', index)} :add${index}`;
  });
  const removeParts = [...remove.map((attribute, index) => name(attribute, 'remove', index)), ...removeClauses];
  const expression = [
    setParts.length ? `SET ${setParts.join(', ')}` : '',
    addParts.length ? `ADD ${addParts.join(', ')}` : '',
    removeParts.length ? `REMOVE ${removeParts.join(', ')}` : '',
  ].filter(Boolean);
  return {
    UpdateExpression: expression.join(' '),
    ...(condition && { ConditionExpression: condition }),
    ...(Object.keys(allNames).length && { ExpressionAttributeNames: allNames }),
    ...(Object.keys(allValues).length && { ExpressionAttributeValues: allValues }),
  };
}

/** A stored item read field by field: a field of the wrong kind is a broken item, not a value to pass on. */
export class StoredItem {
  constructor(readonly item: Item) {}

  private broken(field: string, kind: string): never {
    throw new Error(
      `The stored ${String(this.item.type)} ${String(this.item.PK)} / ${String(this.item.SK)} has no ${kind} ${field}.`,
    );
  }

  string(field: string): string {
    const value = this.item[field];
    return typeof value === 'string' ? value : this.broken(field, 'text');
  }

  optionalString(field: string): string | undefined {
    return this.item[field] === undefined ? undefined : this.string(field);
  }

  number(field: string, byDefault?: number): number {
    const value = this.item[field] ?? byDefault;
    return typeof value === 'number' && Number.isFinite(value) ? value : this.broken(field, 'number');
  }

  optionalNumber(field: string): number | undefined {
    return this.item[field] === undefined ? undefined : this.number(field);
  }

  boolean(field: string, byDefault = false): boolean {
    const value = this.item[field] ?? byDefault;
    return typeof value === 'boolean' ? value : this.broken(field, 'true or false');
  }

  oneOf<T extends string>(field: string, allowed: readonly T[], byDefault?: T): T {
    const value = this.item[field] ?? byDefault;
    return allowed.includes(value as T) ? (value as T) : this.broken(field, allowed.join(' or '));
  }

  /** A list, each element read by `each` (an element that is no object is broken). */
  list<T>(field: string, each: (element: StoredItem) => T): T[] {
    const value = this.item[field] ?? [];
    if (!Array.isArray(value)) return this.broken(field, 'list');
    return value.map((element: unknown) =>
      typeof element === 'object' && element !== null
        ? each(new StoredItem(element as Item))
        : this.broken(field, 'list of records'),
    );
  }

  strings(field: string): string[] {
    const value = this.item[field] ?? [];
    return Array.isArray(value) && value.every((element) => typeof element === 'string')
      ? value
      : this.broken(field, 'list of texts');
  }

  /** A record inside the item (a missing one is broken). */
  nested(field: string): StoredItem {
    const value = this.item[field];
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? new StoredItem(value as Item)
      : this.broken(field, 'record');
  }

  /**
   * The Spanish of the texts named (the record's `es` map, docs/i18n.md): those given and not empty; undefined
   * when none is, as for every record stored before there was Spanish.
   */
  spanish<Field extends string>(fields: readonly Field[]): { [Name in Field]?: string } | undefined {
    if (this.item.es === undefined) return undefined;
    const es = this.nested('es');
    const given = fields.flatMap((field) => {
      const text = es.optionalString(field);
      return text === undefined || text.trim() === '' ? [] : [[field, text] as const];
    });
    return given.length ? (Object.fromEntries(given) as { [Name in Field]?: string }) : undefined;
  }

  /** A map of numbers (a waitlist's places, a family's counts). */
  numbers(field: string): Record<string, number> {
    const value = this.item[field] ?? {};
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.broken(field, 'map of numbers');
    const entries = Object.entries(value as Record<string, unknown>);
    return entries.every(([, element]) => typeof element === 'number')
      ? Object.fromEntries(entries as Array<[string, number]>)
      : this.broken(field, 'map of numbers');
  }
}

/** `{ [field]: value }`, or nothing when the value is absent: a record keeps only the fields it has. */
export function optional<K extends string, V>(field: K, value: V | undefined): { [P in K]?: V } {
  return value === undefined ? {} : ({ [field]: value } as { [P in K]?: V });
}
