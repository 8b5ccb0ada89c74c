-- A post image's alt text (docs/api.md "Feed"): null without one.
ALTER TABLE "messages" ADD COLUMN "image_alt" text;
