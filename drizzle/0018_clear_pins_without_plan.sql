-- A listing keeps pinned_at only while its seller's plan has pinned posts: every plan change clears
-- the pins of a plan without them (applyPlanLimits, with the member's row locked, as pinning locks
-- it), and browse now relies on that. This clears any pin older data kept against it (the plans
-- with pinned posts when this was written: connector and lifetime).
UPDATE "listings" SET "pinned_at" = NULL
 WHERE "pinned_at" IS NOT NULL
   AND "seller_id" IN (SELECT "id" FROM "users" WHERE "membership_tier" NOT IN ('connector', 'lifetime'));
