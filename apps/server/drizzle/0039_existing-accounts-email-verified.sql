-- E-mail confirmation became required for inviting and receiving money
-- (docs/decisions/051-verified-email-and-membership-end.md). Every account that exists when this runs
-- is treated as confirmed, so nobody already live loses invitations or Pix; accounts created after it
-- start unconfirmed (better-auth writes email_verified = false at sign-up) and confirm by the e-mailed link.
UPDATE "user" SET "email_verified" = true WHERE "email_verified" = false;
