// Migrations that a baseline replaced: a database that applied all of them one by one already has the baseline's
// schema, so the runner records the baseline for it instead of running it (src/db/migrate.ts).

/** A baseline migration and the migrations, with the checksums of what databases applied, that it replaced. */
export interface Squash {
  baseline: string;
  replaces: readonly { name: string; checksum: string }[];
}

/**
 * The 15 pre-release migrations squashed into 20261201000000_baseline.sql (nothing had been released). A test
 * keeps their last content in test/db/fixtures/pre-baseline-migrations/ and proves that a database migrated with
 * them and then with the baseline has the same catalog as a fresh baseline database. The migration guard allows
 * exactly these files to have left supabase/migrations/.
 */
export const PRE_RELEASE_SQUASH: Squash = {
  baseline: '20261201000000_baseline.sql',
  replaces: [
    {
      name: '20261129000100_extensions_and_roles.sql',
      checksum: '2b55246bed98006ffbad89be802f51d07bcb5e21ecd985612884cd2355314be3',
    },
    {
      name: '20261129000200_schema.sql',
      checksum: '90fbe47c046a40379d8fcaac4f7528c2bf996c615ae8475adb39e08d52151574',
    },
    {
      name: '20261129000300_row_level_security.sql',
      checksum: '84d952b8d0609823bc790f9d48fb3c43a25332ef207a317a1d56ba3041be3fe4',
    },
    {
      name: '20261129000400_memory_rpc.sql',
      checksum: '9939e84f91bf8aab5f6ad3869f5f260b8a1ab14dac9fad4220dfab21f084a707',
    },
    {
      name: '20261129000500_admin_rpc.sql',
      checksum: '4034a246dfeaad91432c2da60ed6b3d1f40db1e83c165ac3c02ef9ae2bb86d95',
    },
    {
      name: '20261129000600_recall_rpc.sql',
      checksum: '3d79fea1094b55a3de71ea24be3c4330d0448e0b66ef073b9b78650897eb782c',
    },
    {
      name: '20261129000700_forgetting.sql',
      checksum: '0ac05c840c5dcc9555d2b39f631f550897958163f8e055a531df5945e0f4bb46',
    },
    {
      name: '20261129000800_embedding_jobs.sql',
      checksum: 'a1f2f2f78b4900fe35850341fbd3757f9c8bbd39bd54181f9c3d46cb42c1b1bf',
    },
    {
      name: '20261129001100_recall_events.sql',
      checksum: 'e7f1436be0eb004ef294418611fa7edd87b3db6d61f95b424ceb99fadc94939e',
    },
    {
      name: '20261129001300_iso_microseconds.sql',
      checksum: '54266e55a4a25ffd96b0de43ad031f057f886ff331d6716c83a944fe82311b2a',
    },
    {
      name: '20261129001400_revoke_public_execute.sql',
      checksum: 'c195c30fa799093d6b2d69c5c08cb0cafeb26c709ef3ce6e19971661e60a3437',
    },
    {
      name: '20261130000100_inline_memory_json.sql',
      checksum: '490f44d138f29c1da7d566ed65645b1e690547db6e3f16793f46d84b8a51aea4',
    },
    {
      name: '20261130000200_lexical_idf.sql',
      checksum: '4918b37b696a98cb5a0beb973909bde3a9cc1b10f411dbea5141189e9a1cd34f',
    },
    {
      name: '20261130000300_model_fusion.sql',
      checksum: '98f3d05a5c6379ae9bd7e5d17879d8f4004f7ae9f24626b309f4f14703ff6039',
    },
    {
      name: '20261130000400_memories_fillfactor.sql',
      checksum: '84672a45a4521d76e76919b6df5e5b2945877c5e36e31f278d04d45055eb862c',
    },
  ],
};

/** Every squash this build knows, oldest first. */
export const SQUASHES: readonly Squash[] = [PRE_RELEASE_SQUASH];
