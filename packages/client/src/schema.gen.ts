/**
 * Generated from the Atelier OpenAPI document (GET /api/openapi.json) by `npm run generate -w @atelier/client`.
 * Do not edit: src/schema.gen.test.ts fails when this file is stale.
 */

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Database and Redis health
         * @description **API key scope:** `read`.
         */
        get: operations["system-health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the refresh cookie; returns a new access token
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End the session
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["auth-me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a single-use link (1 h) to choose a new password; answers the same whether or not the address has an account
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with the mailed link's token; signs the account out everywhere and mails a notice
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-confirmPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify the account's e-mail address with the mailed link's token (single use, 24 h)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-verifyEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new verification link (rate-limited)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["auth-resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credits/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The credit balance
         * @description **API key scope:** `read` or `generate`.
         */
        get: operations["credits-balance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credits/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credit ledger, newest first (paginated)
         * @description **API key scope:** `read`.
         */
        get: operations["credits-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credits/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credits used per day (spends minus their refunds), oldest day first
         * @description **API key scope:** `read`.
         */
        get: operations["credits-usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active credit packages, and whether buying is possible here
         * @description **API key scope:** `read`.
         */
        get: operations["payments-packages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a Stripe Checkout for a package; redirect to the returned url
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["payments-checkout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * After the return from Checkout: the payment, checked with Stripe while pending, and the balance
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["payments-confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payment/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your payments, newest first (paginated)
         * @description **API key scope:** `read`.
         */
        get: operations["payments-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge, queue and return a generation (send Idempotency-Key to make retries safe)
         * @description **API key scope:** `generate`.
         */
        post: operations["generation-generate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/enhance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Improve a prompt
         * @description **API key scope:** `generate`.
         */
        post: operations["generation-enhance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your generations, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["generation-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The whole model catalogue with prices and availability
         * @description **API key scope:** `read` or `generate`.
         */
        get: operations["generation-models"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/providers/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Providers and whether they are configured
         * @description **API key scope:** `read` or `generate`.
         */
        get: operations["generation-providers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/providers/{provider}/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A provider's models
         * @description **API key scope:** `read` or `generate`.
         */
        get: operations["generation-providerModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/models/by-output/{output}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Models that make video, image, audio or text
         * @description **API key scope:** `read` or `generate`.
         */
        get: operations["generation-modelsByOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Models side by side: requirements, price, latency, success rate
         * @description **API key scope:** `generate`.
         */
        post: operations["generation-compare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One generation (status polling fallback)
         * @description **API key scope:** `read` or `generate`.
         */
        get: operations["generation-byId"];
        put?: never;
        post?: never;
        /**
         * Delete a finished generation and its media
         * @description **API key scope:** `generate`.
         */
        delete: operations["generation-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending or running generation (refunded once)
         * @description **API key scope:** `generate`.
         */
        post: operations["generation-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generation/{id}/rerun": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-run exactly: same model, parameters and seed
         * @description **API key scope:** `generate`.
         */
        post: operations["generation-rerun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your conversations, newest activity first (archived ones with archived=true)
         * @description **API key scope:** `read`.
         */
        get: operations["chat-list"];
        put?: never;
        /**
         * Start a conversation with one model (SINGLE) or several (MULTI)
         * @description **API key scope:** `generate`.
         */
        post: operations["chat-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One conversation with its messages, oldest first
         * @description **API key scope:** `read`.
         */
        get: operations["chat-byId"];
        put?: never;
        post?: never;
        /**
         * Delete a conversation and its messages
         * @description **API key scope:** `generate`.
         */
        delete: operations["chat-delete"];
        options?: never;
        head?: never;
        /**
         * Archive, unarchive or rename a conversation
         * @description **API key scope:** `generate`.
         */
        patch: operations["chat-update"];
        trace?: never;
    };
    "/chat/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a message; each answering model gets a PENDING reply, charged now, written in the background
         * @description **API key scope:** `generate`.
         */
        post: operations["chat-send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations/{id}/participants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add or remove models (at least one stays)
         * @description **API key scope:** `generate`.
         */
        put: operations["chat-participants"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations/{id}/messages/{messageId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a reply being written: its text so far stays (refunded only if it had none)
         * @description **API key scope:** `generate`.
         */
        post: operations["chat-stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations/{id}/messages/{messageId}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a finished reply with a new one by the same model (charged again)
         * @description **API key scope:** `generate`.
         */
        post: operations["chat-regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/chat/conversations/{id}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a message (a user message takes its replies with it)
         * @description **API key scope:** `generate`.
         */
        delete: operations["chat-deleteMessage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your projects, newest change first (type filter, search, paging)
         * @description **API key scope:** `read`.
         */
        get: operations["projects-list"];
        put?: never;
        /**
         * Create a project (VIDEO, IMAGE or TEXT)
         * @description **API key scope:** `projects`.
         */
        post: operations["projects-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All your exports, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["projects-allExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/exports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One export: status, progress and download
         * @description **API key scope:** `read`.
         */
        get: operations["projects-exportById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/video-generation/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A clip's generation status (by clip id or generation id)
         * @description **API key scope:** `read`.
         */
        get: operations["projects-clipGeneration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/video-clips/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * One clip's prompt, image, trims or place
         * @description **API key scope:** `projects`.
         */
        put: operations["projects-updateClip"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/video-clips/{id}/generation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate the clip's video (image-to-video or text-to-video) at the model's price
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["projects-generateClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/video-clips/{id}/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the clip's image (base64 PNG, JPEG or WebP data URL, at most 8 MB)
         * @description **API key scope:** `projects`.
         */
        post: operations["projects-uploadClipImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/segments/{id}/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a new version of a segment (queued, at the model’s price)
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["projects-generateVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/segments/{id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A segment's versions, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["projects-versions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/segments/{id}/select/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the version a segment uses
         * @description **API key scope:** `projects`.
         */
        put: operations["projects-selectVersion"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/segments/{id}/versions/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a version (not the selected one: choose another first)
         * @description **API key scope:** `projects`.
         */
        delete: operations["projects-deleteVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One project with its clips or segments
         * @description **API key scope:** `read`.
         */
        get: operations["projects-byId"];
        /**
         * Rename or change a project
         * @description **API key scope:** `projects`.
         */
        put: operations["projects-update"];
        post?: never;
        /**
         * Delete a project with its clips, segments and exports
         * @description **API key scope:** `projects`.
         */
        delete: operations["projects-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deep copy: clips, segments and versions, not exports
         * @description **API key scope:** `projects`.
         */
        post: operations["projects-duplicate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts, generations and credits spent
         * @description **API key scope:** `read`.
         */
        get: operations["projects-stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/video-clips": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The timeline, in order
         * @description **API key scope:** `read`.
         */
        get: operations["projects-clips"];
        /**
         * Save the whole timeline in one transaction (order, prompts, trims)
         * @description **API key scope:** `projects`.
         */
        put: operations["projects-saveClips"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's segments, in order
         * @description **API key scope:** `read`.
         */
        get: operations["projects-segments"];
        put?: never;
        /**
         * Add a segment (IMAGE and TEXT projects)
         * @description **API key scope:** `projects`.
         */
        post: operations["projects-createSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/segments/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reorder every segment of the project
         * @description **API key scope:** `projects`.
         */
        put: operations["projects-reorderSegments"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/segments/{segmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * A segment's name, prompt or metadata
         * @description **API key scope:** `projects`.
         */
        put: operations["projects-updateSegment"];
        post?: never;
        /**
         * Delete a segment and its versions
         * @description **API key scope:** `projects`.
         */
        delete: operations["projects-deleteSegment"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue an export (video/mp4, image/png, application/zip…)
         * @description **API key scope:** `projects`.
         */
        post: operations["projects-export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/projects/{id}/exports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's exports, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["projects-exports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project's sound session: tracks, clips and audio sources
         * @description **API key scope:** `read`.
         */
        get: operations["soundEditor-session"];
        /**
         * Save the tracks (autosave); 409 when the revision is stale
         * @description **API key scope:** `projects`.
         */
        put: operations["soundEditor-save"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}/library": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audio you can add: your speech/music, the project videos and exports
         * @description **API key scope:** `read`.
         */
        get: operations["soundEditor-library"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}/sources/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload audio (WAV, MP3, OGG, FLAC ≤ 8 MB)
         * @description **API key scope:** `projects`.
         */
        post: operations["soundEditor-uploadSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an audio generation, or the sound of a project video or export
         * @description **API key scope:** `projects`.
         */
        post: operations["soundEditor-addSource"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}/clips/from-generation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a speech/music generation to the sound editor: a new track with it at 0 s
         * @description **API key scope:** `projects`.
         */
        post: operations["soundEditor-addClipFromGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}/sources/{sourceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove an audio source no clip uses
         * @description **API key scope:** `projects`.
         */
        delete: operations["soundEditor-removeSource"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sound-editor/projects/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mix down the saved session to MP3 or WAV (a project export)
         * @description **API key scope:** `projects`.
         */
        post: operations["soundEditor-export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your image-editor projects, newest change first
         * @description **API key scope:** `read`.
         */
        get: operations["imageEditor-list"];
        put?: never;
        /**
         * Create an image project (default canvas 1920×1080, 16:9)
         * @description **API key scope:** `projects`.
         */
        post: operations["imageEditor-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An image project with its canvas, assets and layers
         * @description **API key scope:** `read`.
         */
        get: operations["imageEditor-byId"];
        /**
         * Rename, describe or resize the canvas (aspect ratio, resolution, background)
         * @description **API key scope:** `projects`.
         */
        put: operations["imageEditor-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects/{id}/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project’s assets, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["imageEditor-assets"];
        put?: never;
        /**
         * Upload a PNG, JPEG or WebP (JSON with a base64 data URL; type sniffed from the bytes) as an asset, and a layer showing it
         * @description **API key scope:** `projects`.
         */
        post: operations["imageEditor-upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects/{id}/layers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The project’s layers, bottom to top
         * @description **API key scope:** `read`.
         */
        get: operations["imageEditor-layers"];
        /**
         * Save the editor’s layers (autosave, undo, redo): upsert the listed layers in order, delete `remove`
         * @description **API key scope:** `projects`.
         */
        put: operations["imageEditor-saveLayers"];
        /**
         * Add a layer: an IMAGE showing an asset, or a SHAPE (rectangle/ellipse with fill and stroke)
         * @description **API key scope:** `projects`.
         */
        post: operations["imageEditor-createLayer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects/{id}/layers/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Reorder the layers (every layer id once, bottom to top)
         * @description **API key scope:** `projects`.
         */
        put: operations["imageEditor-reorderLayers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects/{id}/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an image from a prompt into a new layer (charged at the model’s price, refunded if it fails)
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["imageEditor-generate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/projects/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Export the composition as PNG, JPEG or WebP (rendered on the server; poll GET /projects/exports/{id})
         * @description **API key scope:** `projects`.
         */
        post: operations["imageEditor-export"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/layers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update a layer (name, visibility, opacity, blend mode, asset, position, size, rotation, shape)
         * @description **API key scope:** `projects`.
         */
        put: operations["imageEditor-updateLayer"];
        post?: never;
        /**
         * Delete a layer (its asset stays in the project)
         * @description **API key scope:** `projects`.
         */
        delete: operations["imageEditor-deleteLayer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/image-editor/layers/{id}/quick-action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Process the layer’s image on the server (flip, rotate, crop, resize, adjust, filter) into a new asset; the original stays for undo
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["imageEditor-quickAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Mails in the outbox: recipient, subject, status, attempts, SMTP answer
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-outbox-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/outbox/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One mail: its text, HTML and links
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-outbox-byId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/outbox/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a failed or unsent mail again
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-outbox-retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/admin/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users, generations, credits, revenue, cost, margin, queues and campaigns for a period
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/admin/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Revenue versus provider cost per model, type and user; margin per credit
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-usage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/admin/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user's purchases, spend by model, provider cost and margin
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-userProfitability"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Accounts with balance, spend, last activity and role; search by e-mail
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add or remove credits with a reason (ledger + audit)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-adjustCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Grant or revoke admin (not on yourself)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-setAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/users/{id}/disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable (ends every session) or enable an account
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-setDisabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Providers (configured or not), models and defaults per output type
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-aiControl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ai/providers/{provider}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Health check of a provider
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-providerHealth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ai/providers/{provider}/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch a provider on or off
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-setProviderEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ai/models/enabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Switch a model on or off
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-setModelEnabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/ai/defaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Choose the default model of an output type (null: automatic)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-setDefaultModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * ComfyUI workflows: mapping, price, switch and availability
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-workflows"];
        put?: never;
        /**
         * Upload a ComfyUI workflow (API format) with its input mapping and price; it becomes the model comfyui/<slug>
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a workflow (its model leaves the catalogue)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        delete: operations["admin-deleteWorkflow"];
        options?: never;
        head?: never;
        /**
         * Change a workflow's graph, mapping, price or switch (checked again)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        patch: operations["admin-updateWorkflow"];
        trace?: never;
    };
    "/admin/job-queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Job counts by state and failures in the last 24 h per queue
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-queues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/job-queues/action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pause or resume a queue, or retry its failed jobs
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-queueAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/job-queues/dashboard-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A one-time link (60 s) that opens the queue dashboard
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-queueDashboardLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/model-pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every model: credits, provider cost, suggested price (+20 %) and margin
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-modelPricing"];
        /**
         * Set a model's price and provider cost (applies to the next generation)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        put: operations["admin-updateModelPrice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/model-tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Recent model tests, newest first
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-modelTests"];
        put?: never;
        /**
         * Run one prompt on several models (admin test: not charged, cost counted)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["admin-runModelTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/model-tests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One model test with each run’s output, status, latency, cost and price
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-modelTest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every admin change: who, what, when, before and after
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["admin-auditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/avatar/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an avatar from a photo: multipart form (name, type, photo) or JSON with the photo as a base64 data URL; refused with "No face found in this photo" when an offline detector finds no face, else cropped square around the face and normalised
         * @description **API key scope:** `generate`.
         */
        post: operations["studios-avatarCreate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/avatar/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your avatars
         * @description **API key scope:** `read`.
         */
        get: operations["studios-avatarList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/avatar/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New looks for an avatar: 1–4 image generations of its photo restyled as the prompt asks (sketch, watercolour, pop art, …)
         * @description **API key scope:** `generate`.
         */
        post: operations["studios-avatarGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/avatar/animate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A talking-avatar video: the text spoken with a built-in voice or one of your cloned voices, the photo animated by the speech
         * @description **API key scope:** `generate`.
         */
        post: operations["studios-avatarAnimate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/avatar/takes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An avatar's variations and videos, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["studios-avatarTakes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/music/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate music from a prompt (JSON body; referenceAudio as a base64 data URL instead of multipart)
         * @description **API key scope:** `generate`.
         */
        post: operations["studios-musicGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/voice/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The built-in local voices
         * @description **API key scope:** `read`.
         */
        get: operations["studios-voices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/voice/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Clone a voice from 1–5 samples: multipart form (name, description, samples × 1–5) or JSON with base64 data URLs; local profiles map pitch and rate onto espeak-ng
         * @description **API key scope:** `generate`.
         */
        post: operations["studios-voiceClone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/voice/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your cloned voices
         * @description **API key scope:** `read`.
         */
        get: operations["studios-voiceProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/voice/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Speak text with a built-in voice or one of your cloned profiles (an audio generation)
         * @description **API key scope:** `generate`.
         */
        post: operations["studios-voiceGenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/style-transfer/styles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The styles, and the models that render them (local, or hosted when configured)
         * @description **API key scope:** `read`.
         */
        get: operations["styleTransfer-styles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/style-transfer/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your style transfers with their source images, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["styleTransfer-results"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advanced-features/style-transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Repaint an image in a style (JSON; the image as a base64 data URL or one of your images): an image generation
         * @description **API key scope:** `generate`.
         */
        post: operations["styleTransfer-run"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your saved prompts (category, type, search and favourite filters)
         * @description **API key scope:** `read`.
         */
        get: operations["prompts-list"];
        put?: never;
        /**
         * Save a prompt to your library
         * @description **API key scope:** `workspace`.
         */
        post: operations["prompts-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a saved prompt (or mark it favourite)
         * @description **API key scope:** `workspace`.
         */
        put: operations["prompts-update"];
        post?: never;
        /**
         * Delete a saved prompt
         * @description **API key scope:** `workspace`.
         */
        delete: operations["prompts-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/brand-kit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your brand kit (null until you save one)
         * @description **API key scope:** `read`.
         */
        get: operations["brandKit-get"];
        /**
         * Save your brand kit (logo as a base64 data URL)
         * @description **API key scope:** `workspace`.
         */
        put: operations["brandKit-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your account: e-mail, member since, balance, picture and counts
         * @description **API key scope:** `read`.
         */
        get: operations["profile-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change password (current one required); signs out your other sessions
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["profile-changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change e-mail address (password required): mails a confirmation link to the new address
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["profile-requestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an e-mail change with the link's token; the old address gets a notice
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["profile-confirmEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a profile picture (base64 data URL of a PNG, JPEG or WebP)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["profile-uploadAvatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export my data: projects, generations metadata, ledger, prompts, brand kit (JSON)
         * @description **API key scope:** `read`.
         */
        get: operations["profile-exportData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/visit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record a dashboard visit; the account’s first one answers firstVisit: true
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["profile-recordVisit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete my account, its data and media (type your e-mail to confirm)
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["profile-deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overview, generations by type, credit usage by day, popular models
         * @description **API key scope:** `read`.
         */
        get: operations["analytics-overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/usage-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Totals by status, success rate, credits used and added
         * @description **API key scope:** `read`.
         */
        get: operations["analytics-usageStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/usage-trend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Generations per day by type, and credits per day
         * @description **API key scope:** `read`.
         */
        get: operations["analytics-usageTrend"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/model-performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per model: uses, success rate, average time, credits
         * @description **API key scope:** `read`.
         */
        get: operations["analytics-modelPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/credit-breakdown": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credits used by type and by model
         * @description **API key scope:** `read`.
         */
        get: operations["analytics-creditBreakdown"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/recommendations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Suggestions from your own usage (e.g. a cheaper model that succeeds as often)
         * @description **API key scope:** `read`.
         */
        get: operations["analytics-recommendations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/projects/by-project/{projectId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The SEO project of a TEXT project (null when not set up)
         * @description **API key scope:** `read`.
         */
        get: operations["seo-byProject"];
        /**
         * Create or update the SEO project of a TEXT project
         * @description **API key scope:** `projects`.
         */
        put: operations["seo-save"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One SEO project with its stored competitor analysis
         * @description **API key scope:** `read`.
         */
        get: operations["seo-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/check-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Whether the competitor analysis may fetch a URL (http/https, no credentials, allowed port, a host that resolves to public addresses only) and, if not, why
         * @description **API key scope:** `projects`.
         */
        post: operations["seo-checkUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/projects/{id}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch the target and competitor pages and store the analysis
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["seo-analyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/projects/{id}/articles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Articles of an SEO project, newest first
         * @description **API key scope:** `read`.
         */
        get: operations["seo-articles"];
        put?: never;
        /**
         * Request one article per topic (charged up front, one job each)
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["seo-requestArticles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/projects/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Article counts by status, words, credits, ratings, next publish date
         * @description **API key scope:** `read`.
         */
        get: operations["seo-stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/projects/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every finished article as Markdown or sanitised HTML
         * @description **API key scope:** `read`.
         */
        get: operations["seo-exportAll"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One article with its content and SEO score
         * @description **API key scope:** `read`.
         */
        get: operations["seo-article"];
        /**
         * Edit title, description, keywords, slug or content
         * @description **API key scope:** `projects`.
         */
        put: operations["seo-updateArticle"];
        post?: never;
        /**
         * Delete an article (not while it is being written)
         * @description **API key scope:** `projects`.
         */
        delete: operations["seo-deleteArticle"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rewrite the article or one section with instructions (charged)
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["seo-regenerate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/rating": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rate an article 1 to 5
         * @description **API key scope:** `projects`.
         */
        post: operations["seo-rate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/image-estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What images for an article cost (4 credits each, hero = one extra)
         * @description **API key scope:** `read`.
         */
        post: operations["seo-imageEstimate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/generate-images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Charge the estimate and queue the images (status queued)
         * @description **API key scope:** `projects` + `generate`.
         */
        post: operations["seo-generateImages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/schedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule publication (default: the next slot of the cadence)
         * @description **API key scope:** `projects`.
         */
        post: operations["seo-schedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish now
         * @description **API key scope:** `projects`.
         */
        post: operations["seo-publish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take an article off the feed (back to READY)
         * @description **API key scope:** `projects`.
         */
        post: operations["seo-unpublish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/seo/articles/{id}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One article as Markdown or sanitised HTML
         * @description **API key scope:** `read`.
         */
        get: operations["seo-exportArticle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Projects you share (with members and pending invites) and projects shared with you
         * @description **API key scope:** `read`.
         */
        get: operations["collaboration-overview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/projects/{id}/collaborators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A project’s owner, collaborators and (for the owner) pending invites
         * @description **API key scope:** `read`.
         */
        get: operations["collaboration-collaborators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/projects/{id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite someone by e-mail as viewer or editor (owner only): mails a single-use link, valid 7 days
         * @description **API key scope:** `workspace`.
         */
        post: operations["collaboration-invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/projects/{id}/collaborators/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a collaborator’s role (owner only)
         * @description **API key scope:** `workspace`.
         */
        put: operations["collaboration-changeRole"];
        post?: never;
        /**
         * Remove a collaborator (owner), or leave a project (yourself)
         * @description **API key scope:** `workspace`.
         */
        delete: operations["collaboration-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/projects/{id}/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Cancel a pending invite (owner only)
         * @description **API key scope:** `workspace`.
         */
        delete: operations["collaboration-cancelInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/projects/{id}/invites/{inviteId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a pending invitation again with a new link, valid 7 more days (owner only)
         * @description **API key scope:** `workspace`.
         */
        post: operations["collaboration-resendInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What an invitation link offers: project, role, who invited
         * @description **API key scope:** `workspace`.
         */
        post: operations["collaboration-invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/collaboration/invitation/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation link: join the project with the invited role
         * @description **API key scope:** `workspace`.
         */
        post: operations["collaboration-acceptInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your public share links
         * @description **API key scope:** `read`.
         */
        get: operations["share-list"];
        put?: never;
        /**
         * A public read-only link to one generation or one export
         * @description **API key scope:** `projects`.
         */
        post: operations["share-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share/links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a share link at once
         * @description **API key scope:** `projects`.
         */
        delete: operations["share-revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/share/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The public page of a share link (404 when revoked or expired)
         * @description **API key scope:** `read`.
         */
        get: operations["share-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your API keys (never the secrets): name, prefix, scopes, last use
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["apiKeys-list"];
        put?: never;
        /**
         * Create an API key with scopes and an optional expiry; the secret is in this answer only
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["apiKeys-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key: refused from the next request on, everywhere
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        delete: operations["apiKeys-revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/security-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your security log: API keys created, used from a new IP, revoked
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["apiKeys-securityLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your webhook endpoints
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["webhooks-list"];
        put?: never;
        /**
         * Add an endpoint (https, public address); its secret is shown only now
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["webhooks-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an endpoint and its delivery log
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        delete: operations["webhooks-delete"];
        options?: never;
        head?: never;
        /**
         * Change URL, events, description, threshold; enable or disable
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        patch: operations["webhooks-update"];
        trace?: never;
    };
    "/profile/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed webhook.test event to the endpoint
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["webhooks-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New signing secret (shown only now); the old one keeps signing alongside for 24 h
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["webhooks-rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log: events, attempts, status codes, responses
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        get: operations["webhooks-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again, with the same webhook-id
         * @description **API keys:** not accepted here; a signed-in session only.
         */
        post: operations["webhooks-resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Authorization not provided error (401)
         * @description The error information
         * @example {
         *       "error": {
         *         "code": "UNAUTHENTICATED",
         *         "message": "Authorization not provided"
         *       }
         *     }
         */
        "error.UNAUTHORIZED": {
            error: {
                /**
                 * @description What went wrong, as a stable code
                 * @enum {string}
                 */
                code: "VALIDATION" | "UNAUTHENTICATED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "NOT_CONFIGURED" | "UNAVAILABLE";
                /** @description A readable explanation */
                message: string;
                /** @description The offending input fields, each with its own message */
                fields?: {
                    /** @example prompt */
                    path: string;
                    message: string;
                }[];
                /** @description Extra facts about the error (e.g. the scopes an API key lacks) */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        /**
         * Insufficient access error (403)
         * @description The error information
         * @example {
         *       "error": {
         *         "code": "FORBIDDEN",
         *         "message": "Insufficient access"
         *       }
         *     }
         */
        "error.FORBIDDEN": {
            error: {
                /**
                 * @description What went wrong, as a stable code
                 * @enum {string}
                 */
                code: "VALIDATION" | "UNAUTHENTICATED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "NOT_CONFIGURED" | "UNAVAILABLE";
                /** @description A readable explanation */
                message: string;
                /** @description The offending input fields, each with its own message */
                fields?: {
                    /** @example prompt */
                    path: string;
                    message: string;
                }[];
                /** @description Extra facts about the error (e.g. the scopes an API key lacks) */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        /**
         * Internal server error error (500)
         * @description The error information
         * @example {
         *       "error": {
         *         "code": "INTERNAL",
         *         "message": "Internal server error"
         *       }
         *     }
         */
        "error.INTERNAL_SERVER_ERROR": {
            error: {
                /**
                 * @description What went wrong, as a stable code
                 * @enum {string}
                 */
                code: "VALIDATION" | "UNAUTHENTICATED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "NOT_CONFIGURED" | "UNAVAILABLE";
                /** @description A readable explanation */
                message: string;
                /** @description The offending input fields, each with its own message */
                fields?: {
                    /** @example prompt */
                    path: string;
                    message: string;
                }[];
                /** @description Extra facts about the error (e.g. the scopes an API key lacks) */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        /**
         * Invalid input data error (400)
         * @description The error information
         * @example {
         *       "error": {
         *         "code": "VALIDATION",
         *         "message": "Invalid input data"
         *       }
         *     }
         */
        "error.BAD_REQUEST": {
            error: {
                /**
                 * @description What went wrong, as a stable code
                 * @enum {string}
                 */
                code: "VALIDATION" | "UNAUTHENTICATED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "NOT_CONFIGURED" | "UNAVAILABLE";
                /** @description A readable explanation */
                message: string;
                /** @description The offending input fields, each with its own message */
                fields?: {
                    /** @example prompt */
                    path: string;
                    message: string;
                }[];
                /** @description Extra facts about the error (e.g. the scopes an API key lacks) */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        /**
         * Not found error (404)
         * @description The error information
         * @example {
         *       "error": {
         *         "code": "NOT_FOUND",
         *         "message": "Not found"
         *       }
         *     }
         */
        "error.NOT_FOUND": {
            error: {
                /**
                 * @description What went wrong, as a stable code
                 * @enum {string}
                 */
                code: "VALIDATION" | "UNAUTHENTICATED" | "INSUFFICIENT_CREDITS" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL" | "NOT_CONFIGURED" | "UNAVAILABLE";
                /** @description A readable explanation */
                message: string;
                /** @description The offending input fields, each with its own message */
                fields?: {
                    /** @example prompt */
                    path: string;
                    message: string;
                }[];
                /** @description Extra facts about the error (e.g. the scopes an API key lacks) */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "system-health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok" | "degraded";
                        /** @enum {string} */
                        db: "ok" | "down";
                        /** @enum {string} */
                        redis: "ok" | "down";
                        version: string;
                        uptimeSeconds: number;
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            createdAt: string;
                            emailVerified: boolean;
                        };
                        accessToken: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            createdAt: string;
                            emailVerified: boolean;
                        };
                        accessToken: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            createdAt: string;
                            emailVerified: boolean;
                        } | null;
                        accessToken: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            createdAt: string;
                            emailVerified: boolean;
                        };
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-requestPasswordReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-confirmPasswordReset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-verifyEmail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        verified: true;
                        email: string;
                        projectsJoined: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "auth-resendVerification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sent: boolean;
                        alreadyVerified: boolean;
                        email: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "credits-balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Balance in credits (creditUnits / 100) */
                        credits: number;
                        /** @description Balance in hundredths of a credit */
                        creditUnits: number;
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "credits-history": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            id: string;
                            /** @enum {string} */
                            kind: "signup_bonus" | "purchase" | "spend" | "refund" | "admin_adjustment";
                            /** @description Signed change in credits; spends are negative */
                            amount: number;
                            amountUnits: number;
                            /** @description Balance in credits after this change */
                            balanceAfter: number;
                            balanceAfterUnits: number;
                            /** @description What the change is for, e.g. generation or payment */
                            referenceType: string | null;
                            referenceId: string | null;
                            note: string | null;
                            createdAt: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "credits-usage": {
        parameters: {
            query?: {
                days?: number;
                tzOffsetMinutes?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        days: {
                            /** @description YYYY-MM-DD in the viewer's time zone */
                            date: string;
                            credits: number;
                        }[];
                        /** @description Credits used over the whole period */
                        total: number;
                        from: string;
                        to: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "payments-packages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        packages: {
                            id: string;
                            name: string;
                            credits: number;
                            /** @description Price in the smallest currency unit (cents) */
                            price: number;
                            /** @description ISO 4217, lower case */
                            currency: string;
                            /** @description Cents per credit, rounded to 2 decimals */
                            pricePerCredit: number;
                            /** @description Credits per whole currency unit (e.g. per dollar), rounded to 2 decimals */
                            creditsPerCurrencyUnit: number;
                        }[];
                        /** @description False when this server has no Stripe keys: packages show, buying is refused */
                        configured: boolean;
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "payments-checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    packageId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Stripe Checkout page: redirect the browser here */
                        url: string;
                        sessionId: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "payments-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sessionId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payment: {
                            id: string;
                            packageId: string;
                            packageName: string;
                            /** @enum {string} */
                            status: "pending" | "paid" | "expired" | "failed";
                            /** @description Amount in cents */
                            amount: number;
                            currency: string;
                            credits: number;
                            sessionId: string | null;
                            createdAt: string;
                            paidAt: string | null;
                        };
                        /** @description The balance in credits after any credits this call granted */
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "payments-history": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        payments: {
                            id: string;
                            packageId: string;
                            packageName: string;
                            /** @enum {string} */
                            status: "pending" | "paid" | "expired" | "failed";
                            /** @description Amount in cents */
                            amount: number;
                            currency: string;
                            credits: number;
                            sessionId: string | null;
                            createdAt: string;
                            paidAt: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /** @enum {string} */
                    resolution?: "480p" | "720p" | "1080p";
                    duration?: number;
                    seed?: number;
                    negativePrompt?: string;
                    image?: string;
                    voiceId?: string;
                    speed?: number;
                    pitch?: number;
                    language?: string;
                    stability?: number;
                    similarityBoost?: number;
                    genre?: string;
                    mood?: string;
                    bpm?: number;
                    key?: string;
                    referenceAudio?: string;
                    steps?: number;
                    prompt: string;
                    /** @enum {string} */
                    type: "image" | "video" | "text" | "audio";
                    model?: string;
                    provider?: string;
                    /** Format: uuid */
                    projectId?: string;
                    idempotencyKey?: string;
                    applyBrandKit?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-enhance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prompt: string;
                    /** @enum {string} */
                    type: "image" | "video" | "text" | "audio";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        prompt: string;
                        enhancedPrompt: string;
                        model: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-history": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                type?: "image" | "video" | "text" | "audio";
                status?: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generations: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        models: {
                            id: string;
                            provider: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            category: string | null;
                            description: string;
                            requirements: {
                                aspectRatios?: string[];
                                resolutions?: string[];
                                requiredInputs: string[];
                                optionalInputs: string[];
                                maxDurationSeconds?: number;
                            };
                            pricing: {
                                tier: string;
                                credits: number;
                                creditCost: number;
                                isDefault: boolean;
                            }[];
                            credits: number;
                            isDefault: boolean;
                            isLocal: boolean;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                            available: boolean;
                            unavailableReason: string | null;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            id: string;
                            name: string;
                            configured: boolean;
                            local: boolean;
                            reason: string | null;
                            modelCount: number;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-providerModels": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider: string;
                        models: {
                            id: string;
                            provider: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            category: string | null;
                            description: string;
                            requirements: {
                                aspectRatios?: string[];
                                resolutions?: string[];
                                requiredInputs: string[];
                                optionalInputs: string[];
                                maxDurationSeconds?: number;
                            };
                            pricing: {
                                tier: string;
                                credits: number;
                                creditCost: number;
                                isDefault: boolean;
                            }[];
                            credits: number;
                            isDefault: boolean;
                            isLocal: boolean;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                            available: boolean;
                            unavailableReason: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-modelsByOutput": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                output: "video" | "image" | "audio" | "text";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        output: string;
                        models: {
                            id: string;
                            provider: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            category: string | null;
                            description: string;
                            requirements: {
                                aspectRatios?: string[];
                                resolutions?: string[];
                                requiredInputs: string[];
                                optionalInputs: string[];
                                maxDurationSeconds?: number;
                            };
                            pricing: {
                                tier: string;
                                credits: number;
                                creditCost: number;
                                isDefault: boolean;
                            }[];
                            credits: number;
                            isDefault: boolean;
                            isLocal: boolean;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                            available: boolean;
                            unavailableReason: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    modelIds: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        models: {
                            id: string;
                            provider: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            category: string | null;
                            description: string;
                            requirements: {
                                aspectRatios?: string[];
                                resolutions?: string[];
                                requiredInputs: string[];
                                optionalInputs: string[];
                                maxDurationSeconds?: number;
                            };
                            pricing: {
                                tier: string;
                                credits: number;
                                creditCost: number;
                                isDefault: boolean;
                            }[];
                            credits: number;
                            isDefault: boolean;
                            isLocal: boolean;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                            available: boolean;
                            unavailableReason: string | null;
                            stats: {
                                runs: number;
                                successRate: number | null;
                                avgLatencyMs: number | null;
                            };
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-byId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        type: "image" | "video" | "text" | "audio";
                        prompt: string;
                        effectivePrompt: string | null;
                        /** @enum {string} */
                        status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                        progress: number;
                        outputUrl: string | null;
                        thumbnailUrl: string | null;
                        outputText: string | null;
                        provider: string;
                        model: string;
                        modelVersion: string | null;
                        projectId: string | null;
                        params: {
                            [key: string]: unknown;
                        };
                        seed: number | null;
                        metadata: {
                            [key: string]: unknown;
                        };
                        creditsUsed: number;
                        creditsRefunded: number;
                        providerCostUsd: number;
                        latencyMs: number | null;
                        error: string | null;
                        createdAt: string;
                        startedAt: string | null;
                        completedAt: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "generation-rerun": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                archived?: boolean | ("true" | "false");
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversations: {
                            id: string;
                            title: string;
                            /** @enum {string} */
                            type: "SINGLE" | "MULTI";
                            aiModels: string[];
                            isArchived: boolean;
                            preview: string | null;
                            lastMessageAt: string;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    title?: string;
                    /** @enum {string} */
                    type?: "SINGLE" | "MULTI";
                    aiModels?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        type: "SINGLE" | "MULTI";
                        aiModels: string[];
                        isArchived: boolean;
                        preview: string | null;
                        lastMessageAt: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-byId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        type: "SINGLE" | "MULTI";
                        aiModels: string[];
                        isArchived: boolean;
                        preview: string | null;
                        lastMessageAt: string;
                        createdAt: string;
                        updatedAt: string;
                        messages: {
                            id: string;
                            conversationId: string;
                            /** @enum {string} */
                            role: "user" | "assistant";
                            content: string;
                            modelId: string | null;
                            replyToId: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "STREAMING" | "COMPLETED" | "FAILED" | "STOPPED";
                            tokensIn: number | null;
                            tokensOut: number | null;
                            latencyMs: number | null;
                            /** @description Credits charged for this reply */
                            creditsUsed: number;
                            /** @description Credits given back (model failure, or stopped before any text) */
                            creditsRefunded: number;
                            error: string | null;
                            createdAt: string;
                            completedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isArchived?: boolean;
                    title?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        type: "SINGLE" | "MULTI";
                        aiModels: string[];
                        isArchived: boolean;
                        preview: string | null;
                        lastMessageAt: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-send": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                    /** @default true */
                    generateResponses?: boolean;
                    models?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        conversation: {
                            id: string;
                            title: string;
                            /** @enum {string} */
                            type: "SINGLE" | "MULTI";
                            aiModels: string[];
                            isArchived: boolean;
                            preview: string | null;
                            lastMessageAt: string;
                            createdAt: string;
                            updatedAt: string;
                        };
                        userMessage: {
                            id: string;
                            conversationId: string;
                            /** @enum {string} */
                            role: "user" | "assistant";
                            content: string;
                            modelId: string | null;
                            replyToId: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "STREAMING" | "COMPLETED" | "FAILED" | "STOPPED";
                            tokensIn: number | null;
                            tokensOut: number | null;
                            latencyMs: number | null;
                            /** @description Credits charged for this reply */
                            creditsUsed: number;
                            /** @description Credits given back (model failure, or stopped before any text) */
                            creditsRefunded: number;
                            error: string | null;
                            createdAt: string;
                            completedAt: string | null;
                        };
                        replies: {
                            id: string;
                            conversationId: string;
                            /** @enum {string} */
                            role: "user" | "assistant";
                            content: string;
                            modelId: string | null;
                            replyToId: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "STREAMING" | "COMPLETED" | "FAILED" | "STOPPED";
                            tokensIn: number | null;
                            tokensOut: number | null;
                            latencyMs: number | null;
                            /** @description Credits charged for this reply */
                            creditsUsed: number;
                            /** @description Credits given back (model failure, or stopped before any text) */
                            creditsRefunded: number;
                            error: string | null;
                            createdAt: string;
                            completedAt: string | null;
                        }[];
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-participants": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    addModels?: string[];
                    /** @default [] */
                    removeModels?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        title: string;
                        /** @enum {string} */
                        type: "SINGLE" | "MULTI";
                        aiModels: string[];
                        isArchived: boolean;
                        preview: string | null;
                        lastMessageAt: string;
                        createdAt: string;
                        updatedAt: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-stop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: {
                            id: string;
                            conversationId: string;
                            /** @enum {string} */
                            role: "user" | "assistant";
                            content: string;
                            modelId: string | null;
                            replyToId: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "STREAMING" | "COMPLETED" | "FAILED" | "STOPPED";
                            tokensIn: number | null;
                            tokensOut: number | null;
                            latencyMs: number | null;
                            /** @description Credits charged for this reply */
                            creditsUsed: number;
                            /** @description Credits given back (model failure, or stopped before any text) */
                            creditsRefunded: number;
                            error: string | null;
                            createdAt: string;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: {
                            id: string;
                            conversationId: string;
                            /** @enum {string} */
                            role: "user" | "assistant";
                            content: string;
                            modelId: string | null;
                            replyToId: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "STREAMING" | "COMPLETED" | "FAILED" | "STOPPED";
                            tokensIn: number | null;
                            tokensOut: number | null;
                            latencyMs: number | null;
                            /** @description Credits charged for this reply */
                            creditsUsed: number;
                            /** @description Credits given back (model failure, or stopped before any text) */
                            creditsRefunded: number;
                            error: string | null;
                            createdAt: string;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "chat-deleteMessage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                type?: "VIDEO" | "IMAGE" | "TEXT";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        projects: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                            description: string;
                            status: string;
                            thumbnailUrl: string | null;
                            globalPrompt: string | null;
                            aspectRatio: string;
                            resolution: string;
                            settings: {
                                [key: string]: unknown;
                            };
                            counts: {
                                segments: number;
                                videoClips: number;
                                exports: number;
                            };
                            access: {
                                /** @enum {string} */
                                role: "owner" | "editor" | "viewer";
                                shared: boolean;
                                ownerEmail: string;
                                members: number;
                            };
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    type: "VIDEO" | "IMAGE" | "TEXT";
                    description?: string;
                    /** @enum {string} */
                    status?: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "ARCHIVED";
                    globalPrompt?: string | null;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /** @enum {string} */
                    resolution?: "480p" | "720p" | "1080p";
                    settings?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        project: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                            description: string;
                            status: string;
                            thumbnailUrl: string | null;
                            globalPrompt: string | null;
                            aspectRatio: string;
                            resolution: string;
                            settings: {
                                [key: string]: unknown;
                            };
                            counts: {
                                segments: number;
                                videoClips: number;
                                exports: number;
                            };
                            access: {
                                /** @enum {string} */
                                role: "owner" | "editor" | "viewer";
                                shared: boolean;
                                ownerEmail: string;
                                members: number;
                            };
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-allExports": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exports: {
                            id: string;
                            projectId: string;
                            name: string;
                            type: string;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            downloadUrl: string | null;
                            error: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                            updatedAt: string;
                            completedAt: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-exportById": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        projectId: string;
                        name: string;
                        type: string;
                        /** @enum {string} */
                        status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                        progress: number;
                        outputUrl: string | null;
                        downloadUrl: string | null;
                        error: string | null;
                        metadata: {
                            [key: string]: unknown;
                        };
                        createdAt: string;
                        updatedAt: string;
                        completedAt: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-clipGeneration": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clipId: string;
                        projectId: string;
                        generationId: string | null;
                        /** @enum {string} */
                        status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                        /** @enum {string} */
                        clipStatus: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                        progress: number;
                        videoUrl: string | null;
                        thumbnailUrl: string | null;
                        error: string | null;
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-updateClip": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    position?: number;
                    prompt?: string;
                    imageUrl?: string | null;
                    /** Format: uuid */
                    imageGenerationId?: string;
                    duration?: number;
                    startTrim?: number;
                    endTrim?: number;
                    projectId?: string;
                    videoUrl?: string | null;
                    thumbnailUrl?: string | null;
                    playedDuration?: number;
                    status?: string;
                    progress?: number;
                    error?: string | null;
                    provider?: string | null;
                    model?: string | null;
                    generationId?: string | null;
                    createdAt?: string;
                    updatedAt?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clip: {
                            id: string;
                            projectId: string;
                            position: number;
                            prompt: string;
                            imageUrl: string | null;
                            videoUrl: string | null;
                            thumbnailUrl: string | null;
                            duration: number;
                            startTrim: number;
                            endTrim: number;
                            playedDuration: number;
                            /** @enum {string} */
                            status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            error: string | null;
                            provider: string | null;
                            model: string | null;
                            generationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-generateClip": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model?: string;
                    provider?: string;
                    prompt?: string;
                    useImage?: boolean;
                    duration?: number;
                    seed?: number;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clip: {
                            id: string;
                            projectId: string;
                            position: number;
                            prompt: string;
                            imageUrl: string | null;
                            videoUrl: string | null;
                            thumbnailUrl: string | null;
                            duration: number;
                            startTrim: number;
                            endTrim: number;
                            playedDuration: number;
                            /** @enum {string} */
                            status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            error: string | null;
                            provider: string | null;
                            model: string | null;
                            generationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-uploadClipImage": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clip: {
                            id: string;
                            projectId: string;
                            position: number;
                            prompt: string;
                            imageUrl: string | null;
                            videoUrl: string | null;
                            thumbnailUrl: string | null;
                            duration: number;
                            startTrim: number;
                            endTrim: number;
                            playedDuration: number;
                            /** @enum {string} */
                            status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            error: string | null;
                            provider: string | null;
                            model: string | null;
                            generationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                        image: {
                            url: string;
                            width: number;
                            height: number;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-generateVersion": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model?: string;
                    provider?: string;
                    prompt?: string;
                    seed?: number;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        version: {
                            id: string;
                            segmentId: string;
                            generationId: string | null;
                            /** @enum {string} */
                            status: "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            content: string | null;
                            prompt: string | null;
                            model: string | null;
                            error: string | null;
                            isSelected: boolean;
                            createdAt: string;
                        };
                        segment: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        versions: {
                            id: string;
                            segmentId: string;
                            generationId: string | null;
                            /** @enum {string} */
                            status: "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            content: string | null;
                            prompt: string | null;
                            model: string | null;
                            error: string | null;
                            isSelected: boolean;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-selectVersion": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                versionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segment: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-deleteVersion": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                versionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                        segment: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-byId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        /** @enum {string} */
                        type: "VIDEO" | "IMAGE" | "TEXT";
                        description: string;
                        status: string;
                        thumbnailUrl: string | null;
                        globalPrompt: string | null;
                        aspectRatio: string;
                        resolution: string;
                        settings: {
                            [key: string]: unknown;
                        };
                        counts: {
                            segments: number;
                            videoClips: number;
                            exports: number;
                        };
                        access: {
                            /** @enum {string} */
                            role: "owner" | "editor" | "viewer";
                            shared: boolean;
                            ownerEmail: string;
                            members: number;
                        };
                        createdAt: string;
                        updatedAt: string;
                        videoClips: {
                            id: string;
                            projectId: string;
                            position: number;
                            prompt: string;
                            imageUrl: string | null;
                            videoUrl: string | null;
                            thumbnailUrl: string | null;
                            duration: number;
                            startTrim: number;
                            endTrim: number;
                            playedDuration: number;
                            /** @enum {string} */
                            status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            error: string | null;
                            provider: string | null;
                            model: string | null;
                            generationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        segments: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** @enum {string} */
                    status?: "DRAFT" | "IN_PROGRESS" | "COMPLETED" | "ARCHIVED";
                    globalPrompt?: string | null;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /** @enum {string} */
                    resolution?: "480p" | "720p" | "1080p";
                    settings?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        project: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                            description: string;
                            status: string;
                            thumbnailUrl: string | null;
                            globalPrompt: string | null;
                            aspectRatio: string;
                            resolution: string;
                            settings: {
                                [key: string]: unknown;
                            };
                            counts: {
                                segments: number;
                                videoClips: number;
                                exports: number;
                            };
                            access: {
                                /** @enum {string} */
                                role: "owner" | "editor" | "viewer";
                                shared: boolean;
                                ownerEmail: string;
                                members: number;
                            };
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-duplicate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        project: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                            description: string;
                            status: string;
                            thumbnailUrl: string | null;
                            globalPrompt: string | null;
                            aspectRatio: string;
                            resolution: string;
                            settings: {
                                [key: string]: unknown;
                            };
                            counts: {
                                segments: number;
                                videoClips: number;
                                exports: number;
                            };
                            access: {
                                /** @enum {string} */
                                role: "owner" | "editor" | "viewer";
                                shared: boolean;
                                ownerEmail: string;
                                members: number;
                            };
                            createdAt: string;
                            updatedAt: string;
                            videoClips: {
                                id: string;
                                projectId: string;
                                position: number;
                                prompt: string;
                                imageUrl: string | null;
                                videoUrl: string | null;
                                thumbnailUrl: string | null;
                                duration: number;
                                startTrim: number;
                                endTrim: number;
                                playedDuration: number;
                                /** @enum {string} */
                                status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                                progress: number;
                                error: string | null;
                                provider: string | null;
                                model: string | null;
                                generationId: string | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                            segments: {
                                id: string;
                                projectId: string;
                                name: string;
                                prompt: string;
                                /** @enum {string} */
                                type: "IMAGE" | "TEXT";
                                order: number;
                                metadata: {
                                    [key: string]: unknown;
                                };
                                selectedVersionId: string | null;
                                selectedVersion: {
                                    id: string;
                                    outputUrl: string | null;
                                    thumbnailUrl: string | null;
                                    content: string | null;
                                    /** @enum {string} */
                                    status: "GENERATING" | "READY" | "FAILED";
                                } | null;
                                versionCount: number;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-stats": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        segments: number;
                        videoClips: number;
                        readyClips: number;
                        versions: number;
                        exports: number;
                        completedExports: number;
                        generations: number;
                        completedGenerations: number;
                        failedGenerations: number;
                        creditsSpent: number;
                        timelineSeconds: number;
                        lastActivityAt: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-clips": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clips: {
                            id: string;
                            projectId: string;
                            position: number;
                            prompt: string;
                            imageUrl: string | null;
                            videoUrl: string | null;
                            thumbnailUrl: string | null;
                            duration: number;
                            startTrim: number;
                            endTrim: number;
                            playedDuration: number;
                            /** @enum {string} */
                            status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            error: string | null;
                            provider: string | null;
                            model: string | null;
                            generationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-saveClips": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    clips: {
                        /** Format: uuid */
                        id?: string;
                        position?: number;
                        prompt?: string;
                        imageUrl?: string | null;
                        /** Format: uuid */
                        imageGenerationId?: string;
                        duration?: number;
                        startTrim?: number;
                        endTrim?: number;
                        projectId?: string;
                        videoUrl?: string | null;
                        thumbnailUrl?: string | null;
                        playedDuration?: number;
                        status?: string;
                        progress?: number;
                        error?: string | null;
                        provider?: string | null;
                        model?: string | null;
                        generationId?: string | null;
                        createdAt?: string;
                        updatedAt?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        clips: {
                            id: string;
                            projectId: string;
                            position: number;
                            prompt: string;
                            imageUrl: string | null;
                            videoUrl: string | null;
                            thumbnailUrl: string | null;
                            duration: number;
                            startTrim: number;
                            endTrim: number;
                            playedDuration: number;
                            /** @enum {string} */
                            status: "DRAFT" | "GENERATING" | "READY" | "FAILED";
                            progress: number;
                            error: string | null;
                            provider: string | null;
                            model: string | null;
                            generationId: string | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-segments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segments: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-createSegment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    prompt?: string;
                    /** @enum {string} */
                    type?: "IMAGE" | "TEXT";
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segment: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-reorderSegments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    segmentIds: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segments: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-updateSegment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                segmentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    prompt?: string;
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segment: {
                            id: string;
                            projectId: string;
                            name: string;
                            prompt: string;
                            /** @enum {string} */
                            type: "IMAGE" | "TEXT";
                            order: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            selectedVersionId: string | null;
                            selectedVersion: {
                                id: string;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                content: string | null;
                                /** @enum {string} */
                                status: "GENERATING" | "READY" | "FAILED";
                            } | null;
                            versionCount: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-deleteSegment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                segmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Export */
                    name?: string;
                    /** @enum {string} */
                    type?: "video/mp4" | "image/png" | "application/zip" | "text/markdown";
                    audioUrl?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        export: {
                            id: string;
                            projectId: string;
                            name: string;
                            type: string;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            downloadUrl: string | null;
                            error: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                            updatedAt: string;
                            completedAt: string | null;
                        };
                        warnings: string[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "projects-exports": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exports: {
                            id: string;
                            projectId: string;
                            name: string;
                            type: string;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            downloadUrl: string | null;
                            error: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                            updatedAt: string;
                            completedAt: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-session": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            projectId: string;
                            projectName: string;
                            revision: number;
                            tracks: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @default 1 */
                                volume: number;
                                /** @default false */
                                muted: boolean;
                                /** @default false */
                                solo: boolean;
                                /** @default [] */
                                clips: {
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: uuid */
                                    sourceId: string;
                                    start: number;
                                    /** @default 0 */
                                    trimStart: number;
                                    /** @default 0 */
                                    trimEnd: number;
                                    /** @default 0 */
                                    fadeIn: number;
                                    /** @default 0 */
                                    fadeOut: number;
                                    /** @default 1 */
                                    gain: number;
                                }[];
                            }[];
                            sources: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "generation" | "video" | "export";
                                originId: string | null;
                                name: string;
                                url: string | null;
                                durationSeconds: number;
                                peaks: number[];
                                peaksPerSecond: number;
                                createdAt: string;
                            }[];
                            durationSeconds: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-save": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    revision: number;
                    tracks: {
                        /** Format: uuid */
                        id: string;
                        name: string;
                        /** @default 1 */
                        volume?: number;
                        /** @default false */
                        muted?: boolean;
                        /** @default false */
                        solo?: boolean;
                        /** @default [] */
                        clips?: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            sourceId: string;
                            start: number;
                            /** @default 0 */
                            trimStart?: number;
                            /** @default 0 */
                            trimEnd?: number;
                            /** @default 0 */
                            fadeIn?: number;
                            /** @default 0 */
                            fadeOut?: number;
                            /** @default 1 */
                            gain?: number;
                        }[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            projectId: string;
                            projectName: string;
                            revision: number;
                            tracks: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @default 1 */
                                volume: number;
                                /** @default false */
                                muted: boolean;
                                /** @default false */
                                solo: boolean;
                                /** @default [] */
                                clips: {
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: uuid */
                                    sourceId: string;
                                    start: number;
                                    /** @default 0 */
                                    trimStart: number;
                                    /** @default 0 */
                                    trimEnd: number;
                                    /** @default 0 */
                                    fadeIn: number;
                                    /** @default 0 */
                                    fadeOut: number;
                                    /** @default 1 */
                                    gain: number;
                                }[];
                            }[];
                            sources: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "generation" | "video" | "export";
                                originId: string | null;
                                name: string;
                                url: string | null;
                                durationSeconds: number;
                                peaks: number[];
                                peaksPerSecond: number;
                                createdAt: string;
                            }[];
                            durationSeconds: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-library": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generations: {
                            id: string;
                            prompt: string;
                            model: string;
                            url: string | null;
                            durationSeconds: number | null;
                            createdAt: string;
                        }[];
                        videoClips: {
                            id: string;
                            number: number;
                            prompt: string;
                            url: string | null;
                        }[];
                        exports: {
                            id: string;
                            name: string;
                            type: string;
                            url: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-uploadSource": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    audio: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        source: {
                            id: string;
                            /** @enum {string} */
                            kind: "upload" | "generation" | "video" | "export";
                            originId: string | null;
                            name: string;
                            url: string | null;
                            durationSeconds: number;
                            peaks: number[];
                            peaksPerSecond: number;
                            createdAt: string;
                        };
                        session: {
                            projectId: string;
                            projectName: string;
                            revision: number;
                            tracks: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @default 1 */
                                volume: number;
                                /** @default false */
                                muted: boolean;
                                /** @default false */
                                solo: boolean;
                                /** @default [] */
                                clips: {
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: uuid */
                                    sourceId: string;
                                    start: number;
                                    /** @default 0 */
                                    trimStart: number;
                                    /** @default 0 */
                                    trimEnd: number;
                                    /** @default 0 */
                                    fadeIn: number;
                                    /** @default 0 */
                                    fadeOut: number;
                                    /** @default 1 */
                                    gain: number;
                                }[];
                            }[];
                            sources: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "generation" | "video" | "export";
                                originId: string | null;
                                name: string;
                                url: string | null;
                                durationSeconds: number;
                                peaks: number[];
                                peaksPerSecond: number;
                                createdAt: string;
                            }[];
                            durationSeconds: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-addSource": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "generation" | "video" | "export";
                    /** Format: uuid */
                    originId: string;
                    place?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        source: {
                            id: string;
                            /** @enum {string} */
                            kind: "upload" | "generation" | "video" | "export";
                            originId: string | null;
                            name: string;
                            url: string | null;
                            durationSeconds: number;
                            peaks: number[];
                            peaksPerSecond: number;
                            createdAt: string;
                        };
                        session: {
                            projectId: string;
                            projectName: string;
                            revision: number;
                            tracks: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @default 1 */
                                volume: number;
                                /** @default false */
                                muted: boolean;
                                /** @default false */
                                solo: boolean;
                                /** @default [] */
                                clips: {
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: uuid */
                                    sourceId: string;
                                    start: number;
                                    /** @default 0 */
                                    trimStart: number;
                                    /** @default 0 */
                                    trimEnd: number;
                                    /** @default 0 */
                                    fadeIn: number;
                                    /** @default 0 */
                                    fadeOut: number;
                                    /** @default 1 */
                                    gain: number;
                                }[];
                            }[];
                            sources: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "generation" | "video" | "export";
                                originId: string | null;
                                name: string;
                                url: string | null;
                                durationSeconds: number;
                                peaks: number[];
                                peaksPerSecond: number;
                                createdAt: string;
                            }[];
                            durationSeconds: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-addClipFromGeneration": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    generationId: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        source: {
                            id: string;
                            /** @enum {string} */
                            kind: "upload" | "generation" | "video" | "export";
                            originId: string | null;
                            name: string;
                            url: string | null;
                            durationSeconds: number;
                            peaks: number[];
                            peaksPerSecond: number;
                            createdAt: string;
                        };
                        session: {
                            projectId: string;
                            projectName: string;
                            revision: number;
                            tracks: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @default 1 */
                                volume: number;
                                /** @default false */
                                muted: boolean;
                                /** @default false */
                                solo: boolean;
                                /** @default [] */
                                clips: {
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: uuid */
                                    sourceId: string;
                                    start: number;
                                    /** @default 0 */
                                    trimStart: number;
                                    /** @default 0 */
                                    trimEnd: number;
                                    /** @default 0 */
                                    fadeIn: number;
                                    /** @default 0 */
                                    fadeOut: number;
                                    /** @default 1 */
                                    gain: number;
                                }[];
                            }[];
                            sources: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "generation" | "video" | "export";
                                originId: string | null;
                                name: string;
                                url: string | null;
                                durationSeconds: number;
                                peaks: number[];
                                peaksPerSecond: number;
                                createdAt: string;
                            }[];
                            durationSeconds: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-removeSource": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                sourceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            projectId: string;
                            projectName: string;
                            revision: number;
                            tracks: {
                                /** Format: uuid */
                                id: string;
                                name: string;
                                /** @default 1 */
                                volume: number;
                                /** @default false */
                                muted: boolean;
                                /** @default false */
                                solo: boolean;
                                /** @default [] */
                                clips: {
                                    /** Format: uuid */
                                    id: string;
                                    /** Format: uuid */
                                    sourceId: string;
                                    start: number;
                                    /** @default 0 */
                                    trimStart: number;
                                    /** @default 0 */
                                    trimEnd: number;
                                    /** @default 0 */
                                    fadeIn: number;
                                    /** @default 0 */
                                    fadeOut: number;
                                    /** @default 1 */
                                    gain: number;
                                }[];
                            }[];
                            sources: {
                                id: string;
                                /** @enum {string} */
                                kind: "upload" | "generation" | "video" | "export";
                                originId: string | null;
                                name: string;
                                url: string | null;
                                durationSeconds: number;
                                peaks: number[];
                                peaksPerSecond: number;
                                createdAt: string;
                            }[];
                            durationSeconds: number;
                            updatedAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "soundEditor-export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default mp3
                     * @enum {string}
                     */
                    format?: "mp3" | "wav";
                    /** @default Mixdown */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        export: {
                            id: string;
                            projectId: string;
                            name: string;
                            type: string;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            downloadUrl: string | null;
                            error: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                            updatedAt: string;
                            completedAt: string | null;
                        };
                        durationSeconds: number;
                        clips: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-list": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projects: {
                            id: string;
                            name: string;
                            description: string;
                            /** @constant */
                            type: "IMAGE";
                            status: string;
                            width: number;
                            height: number;
                            /** @enum {string} */
                            aspectRatio: "16:9" | "9:16" | "1:1";
                            /** @enum {string} */
                            resolution: "480p" | "720p" | "1080p";
                            background: string;
                            thumbnailUrl: string | null;
                            createdAt: string;
                            updatedAt: string;
                            layerCount: number;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default Untitled image */
                    name?: string;
                    description?: string;
                    /**
                     * @default 16:9
                     * @enum {string}
                     */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /**
                     * @default 1080p
                     * @enum {string}
                     */
                    resolution?: "480p" | "720p" | "1080p";
                    /** @default #ffffff */
                    background?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            description: string;
                            /** @constant */
                            type: "IMAGE";
                            status: string;
                            width: number;
                            height: number;
                            /** @enum {string} */
                            aspectRatio: "16:9" | "9:16" | "1:1";
                            /** @enum {string} */
                            resolution: "480p" | "720p" | "1080p";
                            background: string;
                            thumbnailUrl: string | null;
                            createdAt: string;
                            updatedAt: string;
                            assets: {
                                id: string;
                                /** @enum {string} */
                                type: "upload" | "generation" | "edit";
                                /** @enum {string} */
                                status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                                progress: number;
                                url: string | null;
                                thumbnailUrl: string | null;
                                width: number | null;
                                height: number | null;
                                generationId: string | null;
                                sourceAssetId: string | null;
                                prompt: string | null;
                                error: string | null;
                                operation: {
                                    [key: string]: unknown;
                                } | null;
                                createdAt: string;
                            }[];
                            layers: {
                                id: string;
                                projectId: string;
                                name: string;
                                /** @enum {string} */
                                type: "IMAGE" | "SHAPE";
                                visible: boolean;
                                opacity: number;
                                /** @enum {string} */
                                blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                                assetId: string | null;
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                rotation: number;
                                zIndex: number;
                                shape: {
                                    /** @enum {string} */
                                    kind: "rectangle" | "ellipse";
                                    fill: string;
                                    stroke: string;
                                    strokeWidth: number;
                                    /** @default 0 */
                                    radius: number;
                                } | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-byId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        name: string;
                        description: string;
                        /** @constant */
                        type: "IMAGE";
                        status: string;
                        width: number;
                        height: number;
                        /** @enum {string} */
                        aspectRatio: "16:9" | "9:16" | "1:1";
                        /** @enum {string} */
                        resolution: "480p" | "720p" | "1080p";
                        background: string;
                        thumbnailUrl: string | null;
                        createdAt: string;
                        updatedAt: string;
                        assets: {
                            id: string;
                            /** @enum {string} */
                            type: "upload" | "generation" | "edit";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                            progress: number;
                            url: string | null;
                            thumbnailUrl: string | null;
                            width: number | null;
                            height: number | null;
                            generationId: string | null;
                            sourceAssetId: string | null;
                            prompt: string | null;
                            error: string | null;
                            operation: {
                                [key: string]: unknown;
                            } | null;
                            createdAt: string;
                        }[];
                        layers: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    /** @enum {string} */
                    resolution?: "480p" | "720p" | "1080p";
                    background?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            description: string;
                            /** @constant */
                            type: "IMAGE";
                            status: string;
                            width: number;
                            height: number;
                            /** @enum {string} */
                            aspectRatio: "16:9" | "9:16" | "1:1";
                            /** @enum {string} */
                            resolution: "480p" | "720p" | "1080p";
                            background: string;
                            thumbnailUrl: string | null;
                            createdAt: string;
                            updatedAt: string;
                            assets: {
                                id: string;
                                /** @enum {string} */
                                type: "upload" | "generation" | "edit";
                                /** @enum {string} */
                                status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                                progress: number;
                                url: string | null;
                                thumbnailUrl: string | null;
                                width: number | null;
                                height: number | null;
                                generationId: string | null;
                                sourceAssetId: string | null;
                                prompt: string | null;
                                error: string | null;
                                operation: {
                                    [key: string]: unknown;
                                } | null;
                                createdAt: string;
                            }[];
                            layers: {
                                id: string;
                                projectId: string;
                                name: string;
                                /** @enum {string} */
                                type: "IMAGE" | "SHAPE";
                                visible: boolean;
                                opacity: number;
                                /** @enum {string} */
                                blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                                assetId: string | null;
                                x: number;
                                y: number;
                                width: number;
                                height: number;
                                rotation: number;
                                zIndex: number;
                                shape: {
                                    /** @enum {string} */
                                    kind: "rectangle" | "ellipse";
                                    fill: string;
                                    stroke: string;
                                    strokeWidth: number;
                                    /** @default 0 */
                                    radius: number;
                                } | null;
                                createdAt: string;
                                updatedAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-assets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        assets: {
                            id: string;
                            /** @enum {string} */
                            type: "upload" | "generation" | "edit";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                            progress: number;
                            url: string | null;
                            thumbnailUrl: string | null;
                            width: number | null;
                            height: number | null;
                            generationId: string | null;
                            sourceAssetId: string | null;
                            prompt: string | null;
                            error: string | null;
                            operation: {
                                [key: string]: unknown;
                            } | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-upload": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: string;
                    fileName?: string;
                    /** @default true */
                    addLayer?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: {
                            id: string;
                            /** @enum {string} */
                            type: "upload" | "generation" | "edit";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                            progress: number;
                            url: string | null;
                            thumbnailUrl: string | null;
                            width: number | null;
                            height: number | null;
                            generationId: string | null;
                            sourceAssetId: string | null;
                            prompt: string | null;
                            error: string | null;
                            operation: {
                                [key: string]: unknown;
                            } | null;
                            createdAt: string;
                        };
                        layer: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-layers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layers: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-saveLayers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    layers: {
                        /** Format: uuid */
                        id: string;
                        /** @enum {string} */
                        type: "IMAGE" | "SHAPE";
                        name: string;
                        visible: boolean;
                        opacity: number;
                        /** @enum {string} */
                        blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                        assetId: string | null;
                        x: number;
                        y: number;
                        width: number;
                        height: number;
                        rotation: number;
                        shape: {
                            /** @enum {string} */
                            kind: "rectangle" | "ellipse";
                            fill: string;
                            stroke: string;
                            strokeWidth: number;
                            /** @default 0 */
                            radius?: number;
                        } | null;
                    }[];
                    /** @default [] */
                    remove?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layers: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-createLayer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    layerId?: string;
                    /** @enum {string} */
                    type: "IMAGE" | "SHAPE";
                    name?: string;
                    /** @default true */
                    visible?: boolean;
                    /** @default 100 */
                    opacity?: number;
                    /**
                     * @default normal
                     * @enum {string}
                     */
                    blendMode?: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                    /** Format: uuid */
                    assetId?: string;
                    x?: number;
                    y?: number;
                    width?: number;
                    height?: number;
                    /** @default 0 */
                    rotation?: number;
                    shape?: {
                        /** @enum {string} */
                        kind: "rectangle" | "ellipse";
                        fill: string;
                        stroke: string;
                        strokeWidth: number;
                        /** @default 0 */
                        radius?: number;
                    };
                    zIndex?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layer: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-reorderLayers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    layerIds: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layers: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-generate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prompt: string;
                    model?: string;
                    /** @enum {string} */
                    aspectRatio?: "16:9" | "9:16" | "1:1";
                    seed?: number;
                    negativePrompt?: string;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: {
                            id: string;
                            /** @enum {string} */
                            type: "upload" | "generation" | "edit";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                            progress: number;
                            url: string | null;
                            thumbnailUrl: string | null;
                            width: number | null;
                            height: number | null;
                            generationId: string | null;
                            sourceAssetId: string | null;
                            prompt: string | null;
                            error: string | null;
                            operation: {
                                [key: string]: unknown;
                            } | null;
                            createdAt: string;
                        };
                        layer: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        } | null;
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default png
                     * @enum {string}
                     */
                    format?: "png" | "jpeg" | "webp";
                    /** @default Export */
                    name?: string;
                    /** @default 90 */
                    quality?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        export: {
                            id: string;
                            projectId: string;
                            name: string;
                            type: string;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
                            progress: number;
                            outputUrl: string | null;
                            downloadUrl: string | null;
                            error: string | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                            updatedAt: string;
                            completedAt: string | null;
                        };
                        warnings: string[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-updateLayer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    visible?: boolean;
                    opacity?: number;
                    /** @enum {string} */
                    blendMode?: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                    assetId?: string | null;
                    x?: number;
                    y?: number;
                    width?: number;
                    height?: number;
                    rotation?: number;
                    shape?: {
                        /** @enum {string} */
                        kind: "rectangle" | "ellipse";
                        fill: string;
                        stroke: string;
                        strokeWidth: number;
                        /** @default 0 */
                        radius?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        layer: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-deleteLayer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "imageEditor-quickAction": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    action: {
                        /** @constant */
                        kind: "flip";
                        /** @enum {string} */
                        direction: "horizontal" | "vertical";
                    } | {
                        /** @constant */
                        kind: "rotate";
                        degrees: 90 | 180 | 270;
                    } | {
                        /** @constant */
                        kind: "crop";
                        left: number;
                        top: number;
                        width: number;
                        height: number;
                    } | {
                        /** @constant */
                        kind: "resize";
                        scale: number;
                    } | {
                        /** @constant */
                        kind: "adjust";
                        /** @default 1 */
                        brightness?: number;
                        /** @default 1 */
                        contrast?: number;
                        /** @default 1 */
                        saturation?: number;
                    } | {
                        /** @constant */
                        kind: "filter";
                        /** @enum {string} */
                        filter: "grayscale" | "sepia" | "invert" | "blur" | "sharpen";
                    };
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        asset: {
                            id: string;
                            /** @enum {string} */
                            type: "upload" | "generation" | "edit";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "READY" | "FAILED";
                            progress: number;
                            url: string | null;
                            thumbnailUrl: string | null;
                            width: number | null;
                            height: number | null;
                            generationId: string | null;
                            sourceAssetId: string | null;
                            prompt: string | null;
                            error: string | null;
                            operation: {
                                [key: string]: unknown;
                            } | null;
                            createdAt: string;
                        };
                        layer: {
                            id: string;
                            projectId: string;
                            name: string;
                            /** @enum {string} */
                            type: "IMAGE" | "SHAPE";
                            visible: boolean;
                            opacity: number;
                            /** @enum {string} */
                            blendMode: "normal" | "multiply" | "screen" | "overlay" | "darken" | "lighten" | "color-dodge" | "color-burn" | "hard-light" | "soft-light" | "difference" | "exclusion";
                            assetId: string | null;
                            x: number;
                            y: number;
                            width: number;
                            height: number;
                            rotation: number;
                            zIndex: number;
                            shape: {
                                /** @enum {string} */
                                kind: "rectangle" | "ellipse";
                                fill: string;
                                stroke: string;
                                strokeWidth: number;
                                /** @default 0 */
                                radius: number;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-outbox-list": {
        parameters: {
            query?: {
                status?: "PENDING" | "SENDING" | "RETRYING" | "SENT" | "FAILED" | "UNSENT";
                search?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            kind: string;
                            to: string;
                            subject: string;
                            /** @enum {string} */
                            status: "PENDING" | "SENDING" | "RETRYING" | "SENT" | "FAILED" | "UNSENT";
                            attempts: number;
                            lastResponse: string | null;
                            lastError: string | null;
                            createdAt: string;
                            updatedAt: string;
                            sentAt: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        smtpConfigured: boolean;
                        counts: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-outbox-byId": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        kind: string;
                        to: string;
                        subject: string;
                        /** @enum {string} */
                        status: "PENDING" | "SENDING" | "RETRYING" | "SENT" | "FAILED" | "UNSENT";
                        attempts: number;
                        lastResponse: string | null;
                        lastError: string | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                        text: string;
                        html: string;
                        links: {
                            label: string;
                            url: string;
                        }[];
                        messageId: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-outbox-retry": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        kind: string;
                        to: string;
                        subject: string;
                        /** @enum {string} */
                        status: "PENDING" | "SENDING" | "RETRYING" | "SENT" | "FAILED" | "UNSENT";
                        attempts: number;
                        lastResponse: string | null;
                        lastError: string | null;
                        createdAt: string;
                        updatedAt: string;
                        sentAt: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-summary": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: {
                            from: string;
                            to: string;
                            /** @enum {string} */
                            bucket: "day" | "week" | "month";
                        };
                        users: {
                            total: number;
                            new: number;
                            active: number;
                            admins: number;
                            disabled: number;
                        };
                        generations: {
                            total: number;
                            byStatus: {
                                key: string;
                                count: number;
                            }[];
                            byType: {
                                key: string;
                                count: number;
                            }[];
                            byTypeAndStatus: {
                                type: string;
                                status: string;
                                count: number;
                            }[];
                            adminTests: number;
                            failedLast24h: number;
                        };
                        credits: {
                            sold: number;
                            spent: number;
                            refunded: number;
                            granted: number;
                        };
                        money: {
                            /** @constant */
                            currency: "usd";
                            revenueUsd: number;
                            providerCostUsd: number;
                            adminTestCostUsd: number;
                            grossMarginUsd: number;
                            grossMarginRate: number | null;
                            payments: number;
                        };
                        series: {
                            date: string;
                            signups: number;
                            generations: number;
                            revenueUsd: number;
                            providerCostUsd: number;
                            creditsSpent: number;
                        }[];
                        campaigns: {
                            source: string;
                            signups: number;
                            payments: number;
                            revenueUsd: number;
                        }[];
                        queues: {
                            available: boolean;
                            error: string | null;
                            queues: {
                                name: string;
                                paused: boolean;
                                counts: {
                                    waiting: number;
                                    active: number;
                                    delayed: number;
                                    prioritized: number;
                                    completed: number;
                                    failed: number;
                                };
                                failedLast24h: number;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-usage": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: {
                            from: string;
                            to: string;
                            /** @enum {string} */
                            bucket: "day" | "week" | "month";
                        };
                        creditPrice: {
                            usdPerCredit: number;
                            /** @enum {string} */
                            basis: "period" | "all-time" | "list-price";
                        };
                        totals: {
                            revenueUsd: number;
                            creditsSold: number;
                            creditsSpent: number;
                            providerCostUsd: number;
                            adminTestCostUsd: number;
                            grossMarginUsd: number;
                            grossMarginRate: number | null;
                            marginPerCreditUsd: number | null;
                        };
                        byModel: {
                            generations: number;
                            creditsSpent: number;
                            revenueUsd: number;
                            providerCostUsd: number;
                            marginUsd: number;
                            marginPerCreditUsd: number | null;
                            modelId: string;
                            name: string;
                            provider: string;
                            type: string;
                        }[];
                        byType: {
                            generations: number;
                            creditsSpent: number;
                            revenueUsd: number;
                            providerCostUsd: number;
                            marginUsd: number;
                            marginPerCreditUsd: number | null;
                            type: string;
                        }[];
                        byUser: {
                            userId: string;
                            email: string;
                            revenueUsd: number;
                            creditsBought: number;
                            creditsSpent: number;
                            generations: number;
                            providerCostUsd: number;
                            marginUsd: number;
                        }[];
                        series: {
                            date: string;
                            revenueUsd: number;
                            providerCostUsd: number;
                            marginUsd: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-userProfitability": {
        parameters: {
            query?: {
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: {
                            from: string;
                            to: string;
                            /** @enum {string} */
                            bucket: "day" | "week" | "month";
                        };
                        creditPrice: {
                            usdPerCredit: number;
                            /** @enum {string} */
                            basis: "period" | "all-time" | "list-price";
                        };
                        user: {
                            id: string;
                            email: string;
                            isAdmin: boolean;
                            disabled: boolean;
                            credits: number;
                            createdAt: string;
                            lastActiveAt: string | null;
                        };
                        totals: {
                            revenueUsd: number;
                            creditsBought: number;
                            creditsSpent: number;
                            generations: number;
                            providerCostUsd: number;
                            marginUsd: number;
                            marginPerCreditUsd: number | null;
                        };
                        purchases: {
                            id: string;
                            packageId: string;
                            status: string;
                            amountUsd: number;
                            credits: number;
                            createdAt: string;
                            paidAt: string | null;
                        }[];
                        byModel: {
                            generations: number;
                            creditsSpent: number;
                            revenueUsd: number;
                            providerCostUsd: number;
                            marginUsd: number;
                            marginPerCreditUsd: number | null;
                            modelId: string;
                            name: string;
                            type: string;
                        }[];
                        series: {
                            date: string;
                            creditsSpent: number;
                            providerCostUsd: number;
                            revenueUsd: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-users": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            disabled: boolean;
                            disabledAt: string | null;
                            createdAt: string;
                            lastActiveAt: string | null;
                            creditsSpent: number;
                            generations: number;
                            purchasesUsd: number;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-adjustCredits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    reason: string;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            disabled: boolean;
                            disabledAt: string | null;
                            createdAt: string;
                            lastActiveAt: string | null;
                            creditsSpent: number;
                            generations: number;
                            purchasesUsd: number;
                        };
                        applied: boolean;
                        balance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-setAdmin": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isAdmin: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            disabled: boolean;
                            disabledAt: string | null;
                            createdAt: string;
                            lastActiveAt: string | null;
                            creditsSpent: number;
                            generations: number;
                            purchasesUsd: number;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-setDisabled": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disabled: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            credits: number;
                            creditUnits: number;
                            isAdmin: boolean;
                            disabled: boolean;
                            disabledAt: string | null;
                            createdAt: string;
                            lastActiveAt: string | null;
                            creditsSpent: number;
                            generations: number;
                            purchasesUsd: number;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-aiControl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            id: string;
                            name: string;
                            local: boolean;
                            configured: boolean;
                            envVar: string | null;
                            enabled: boolean;
                            available: boolean;
                            reason: string | null;
                            modelCount: number;
                            enabledModelCount: number;
                        }[];
                        models: {
                            id: string;
                            name: string;
                            provider: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            category: string | null;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            isDefault: boolean;
                            defaultChosen: boolean;
                            isLocal: boolean;
                            credits: number;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                        }[];
                        defaults: {
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            modelId: string | null;
                            chosenByAdmin: boolean;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-providerHealth": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider: string;
                        /** @enum {string} */
                        status: "ok" | "failed" | "configured" | "unconfigured" | "not-installed" | "no-api";
                        message: string;
                        checkedAt: string;
                        checks: {
                            name: string;
                            ok: boolean;
                            latencyMs: number;
                            detail: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-setProviderEnabled": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            id: string;
                            name: string;
                            local: boolean;
                            configured: boolean;
                            envVar: string | null;
                            enabled: boolean;
                            available: boolean;
                            reason: string | null;
                            modelCount: number;
                            enabledModelCount: number;
                        }[];
                        models: {
                            id: string;
                            name: string;
                            provider: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            category: string | null;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            isDefault: boolean;
                            defaultChosen: boolean;
                            isLocal: boolean;
                            credits: number;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                        }[];
                        defaults: {
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            modelId: string | null;
                            chosenByAdmin: boolean;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-setModelEnabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    modelId: string;
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            id: string;
                            name: string;
                            local: boolean;
                            configured: boolean;
                            envVar: string | null;
                            enabled: boolean;
                            available: boolean;
                            reason: string | null;
                            modelCount: number;
                            enabledModelCount: number;
                        }[];
                        models: {
                            id: string;
                            name: string;
                            provider: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            category: string | null;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            isDefault: boolean;
                            defaultChosen: boolean;
                            isLocal: boolean;
                            credits: number;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                        }[];
                        defaults: {
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            modelId: string | null;
                            chosenByAdmin: boolean;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-setDefaultModel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    outputType: "image" | "video" | "text" | "audio";
                    modelId: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: {
                            id: string;
                            name: string;
                            local: boolean;
                            configured: boolean;
                            envVar: string | null;
                            enabled: boolean;
                            available: boolean;
                            reason: string | null;
                            modelCount: number;
                            enabledModelCount: number;
                        }[];
                        models: {
                            id: string;
                            name: string;
                            provider: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "AUDIO" | "TEXT";
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            category: string | null;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            isDefault: boolean;
                            defaultChosen: boolean;
                            isLocal: boolean;
                            credits: number;
                            /** @enum {string} */
                            priceBasis: "generation" | "1k-tokens";
                        }[];
                        defaults: {
                            /** @enum {string} */
                            outputType: "image" | "video" | "text" | "audio";
                            modelId: string | null;
                            chosenByAdmin: boolean;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflows: {
                            id: string;
                            slug: string;
                            modelId: string;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            outputType: "image" | "video" | "audio";
                            workflow: {
                                [key: string]: unknown;
                            };
                            inputs: {
                                [key: string]: string;
                            };
                            outputNode: string;
                            framesPerSecond: number | null;
                            priceCredits: number;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            revision: number;
                            nodes: {
                                id: string;
                                classType: string;
                                title: string | null;
                                inputs: string[];
                            }[];
                            runs: number;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        configured: boolean;
                        boxes: number;
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-createWorkflow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    /** @enum {string} */
                    outputType: "image" | "video" | "audio";
                    workflow: {
                        [key: string]: unknown;
                    };
                    inputs: {
                        prompt: string;
                        negativePrompt?: string;
                        seed?: string;
                        width?: string;
                        height?: string;
                        steps?: string;
                        frames?: string;
                        image?: string;
                    };
                    outputNode: string;
                    priceCredits: number;
                    framesPerSecond?: number | null;
                    enabled?: boolean;
                    slug: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflow: {
                            id: string;
                            slug: string;
                            modelId: string;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            outputType: "image" | "video" | "audio";
                            workflow: {
                                [key: string]: unknown;
                            };
                            inputs: {
                                [key: string]: string;
                            };
                            outputNode: string;
                            framesPerSecond: number | null;
                            priceCredits: number;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            revision: number;
                            nodes: {
                                id: string;
                                classType: string;
                                title: string | null;
                                inputs: string[];
                            }[];
                            runs: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-deleteWorkflow": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-updateWorkflow": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    /** @enum {string} */
                    outputType?: "image" | "video" | "audio";
                    workflow?: {
                        [key: string]: unknown;
                    };
                    inputs?: {
                        prompt: string;
                        negativePrompt?: string;
                        seed?: string;
                        width?: string;
                        height?: string;
                        steps?: string;
                        frames?: string;
                        image?: string;
                    };
                    outputNode?: string;
                    priceCredits?: number;
                    framesPerSecond?: number | null;
                    enabled?: boolean;
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        workflow: {
                            id: string;
                            slug: string;
                            modelId: string;
                            name: string;
                            description: string;
                            /** @enum {string} */
                            outputType: "image" | "video" | "audio";
                            workflow: {
                                [key: string]: unknown;
                            };
                            inputs: {
                                [key: string]: string;
                            };
                            outputNode: string;
                            framesPerSecond: number | null;
                            priceCredits: number;
                            enabled: boolean;
                            available: boolean;
                            unavailableReason: string | null;
                            revision: number;
                            nodes: {
                                id: string;
                                classType: string;
                                title: string | null;
                                inputs: string[];
                            }[];
                            runs: number;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-queues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: boolean;
                        error: string | null;
                        queues: {
                            name: string;
                            paused: boolean;
                            counts: {
                                waiting: number;
                                active: number;
                                delayed: number;
                                prioritized: number;
                                completed: number;
                                failed: number;
                            };
                            failedLast24h: number;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-queueAction": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    queue: string;
                    /** @enum {string} */
                    action: "pause" | "resume" | "retry-failed";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        queue: {
                            name: string;
                            paused: boolean;
                            counts: {
                                waiting: number;
                                active: number;
                                delayed: number;
                                prioritized: number;
                                completed: number;
                                failed: number;
                            };
                            failedLast24h: number;
                        };
                        retried: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-queueDashboardLink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        expiresAt: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-modelPricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        creditPrice: {
                            usdPerCredit: number;
                            /** @enum {string} */
                            basis: "period" | "all-time" | "list-price";
                        };
                        marginRate: number;
                        models: {
                            id: string;
                            name: string;
                            provider: string;
                            type: string;
                            enabled: boolean;
                            available: boolean;
                            isDefault: boolean;
                            tiers: {
                                tier: string;
                                credits: number;
                                creditCost: number;
                                isDefault: boolean;
                            }[];
                            credits: number;
                            providerCostUsd: number;
                            costCredits: number;
                            suggestedCredits: number;
                            marginUsd: number;
                            marginRate: number | null;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-updateModelPrice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    modelId: string;
                    credits: number;
                    providerCostUsd: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        model: {
                            id: string;
                            name: string;
                            provider: string;
                            type: string;
                            enabled: boolean;
                            available: boolean;
                            isDefault: boolean;
                            tiers: {
                                tier: string;
                                credits: number;
                                creditCost: number;
                                isDefault: boolean;
                            }[];
                            credits: number;
                            providerCostUsd: number;
                            costCredits: number;
                            suggestedCredits: number;
                            marginUsd: number;
                            marginRate: number | null;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-modelTests": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tests: {
                            id: string;
                            prompt: string;
                            createdAt: string;
                            actorEmail: string | null;
                            runs: {
                                generationId: string;
                                modelId: string;
                                modelName: string;
                                provider: string;
                                /** @enum {string} */
                                type: "image" | "video" | "text" | "audio";
                                /** @enum {string} */
                                status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                                progress: number;
                                outputUrl: string | null;
                                thumbnailUrl: string | null;
                                outputText: string | null;
                                error: string | null;
                                latencyMs: number | null;
                                providerCostUsd: number;
                                priceCredits: number;
                            }[];
                            /** @default [] */
                            errors: {
                                modelId: string;
                                message: string;
                            }[];
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-runModelTest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prompt: string;
                    modelIds: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        prompt: string;
                        createdAt: string;
                        actorEmail: string | null;
                        runs: {
                            generationId: string;
                            modelId: string;
                            modelName: string;
                            provider: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            error: string | null;
                            latencyMs: number | null;
                            providerCostUsd: number;
                            priceCredits: number;
                        }[];
                        /** @default [] */
                        errors: {
                            modelId: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-modelTest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        prompt: string;
                        createdAt: string;
                        actorEmail: string | null;
                        runs: {
                            generationId: string;
                            modelId: string;
                            modelName: string;
                            provider: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            error: string | null;
                            latencyMs: number | null;
                            providerCostUsd: number;
                            priceCredits: number;
                        }[];
                        /** @default [] */
                        errors: {
                            modelId: string;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "admin-auditLog": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                targetType?: string;
                targetId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: {
                            id: string;
                            actorId: string | null;
                            actorEmail: string | null;
                            action: string;
                            targetType: string;
                            targetId: string | null;
                            targetLabel: string | null;
                            before: {
                                [key: string]: unknown;
                            } | null;
                            after: {
                                [key: string]: unknown;
                            } | null;
                            createdAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-avatarCreate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /**
                     * @default photo
                     * @enum {string}
                     */
                    type?: "photo" | "illustration" | "3d";
                    photo: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatar: {
                            id: string;
                            name: string;
                            type: string;
                            imageUrl: string;
                            width: number;
                            height: number;
                            createdAt: string;
                        };
                        warning: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-avatarList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatars: {
                            id: string;
                            name: string;
                            type: string;
                            imageUrl: string;
                            width: number;
                            height: number;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-avatarGenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    avatarId: string;
                    prompt: string;
                    /** @default 1 */
                    count?: number;
                    seed?: number;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generations: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        }[];
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-avatarAnimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    avatarId: string;
                    text: string;
                    voiceId: string;
                    speed?: number;
                    pitch?: number;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-avatarTakes": {
        parameters: {
            query: {
                avatarId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generations: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-musicGenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    prompt: string;
                    duration: number;
                    genre?: string;
                    mood?: string;
                    bpm?: number;
                    key?: string;
                    referenceAudio?: string;
                    seed?: number;
                    /** Format: uuid */
                    projectId?: string;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        voices: {
                            id: string;
                            name: string;
                            language: string;
                            gender: string;
                            /** @enum {string} */
                            kind: "builtin";
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-voiceClone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    description?: string;
                    /** @enum {string} */
                    language?: "en-us" | "en-gb" | "fr" | "de" | "es" | "it" | "pt";
                    samples: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        profile: {
                            id: string;
                            name: string;
                            description: string;
                            provider: string;
                            voice: string;
                            language: string;
                            pitch: number;
                            speed: number;
                            meanPitchHz: number;
                            syllablesPerSecond: number;
                            sampleUrls: string[];
                            creditsUsed: number;
                            createdAt: string;
                        };
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-voiceProfiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        profiles: {
                            id: string;
                            name: string;
                            description: string;
                            provider: string;
                            voice: string;
                            language: string;
                            pitch: number;
                            speed: number;
                            meanPitchHz: number;
                            syllablesPerSecond: number;
                            sampleUrls: string[];
                            creditsUsed: number;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "studios-voiceGenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    voiceId: string;
                    speed?: number;
                    pitch?: number;
                    language?: string;
                    /** Format: uuid */
                    projectId?: string;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "styleTransfer-styles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        styles: {
                            id: string;
                            name: string;
                            description: string;
                            provider: string;
                            model: string;
                        }[];
                        models: {
                            id: string;
                            name: string;
                            provider: string;
                            isLocal: boolean;
                            credits: number;
                            available: boolean;
                            unavailableReason: string | null;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "styleTransfer-results": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                            sourceUrl: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "styleTransfer-run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: string;
                    style: string;
                    /** @default 75 */
                    strength?: number;
                    model?: string;
                    seed?: number;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        generation: {
                            id: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            prompt: string;
                            effectivePrompt: string | null;
                            /** @enum {string} */
                            status: "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED" | "CANCELLED";
                            progress: number;
                            outputUrl: string | null;
                            thumbnailUrl: string | null;
                            outputText: string | null;
                            provider: string;
                            model: string;
                            modelVersion: string | null;
                            projectId: string | null;
                            params: {
                                [key: string]: unknown;
                            };
                            seed: number | null;
                            metadata: {
                                [key: string]: unknown;
                            };
                            creditsUsed: number;
                            creditsRefunded: number;
                            providerCostUsd: number;
                            latencyMs: number | null;
                            error: string | null;
                            createdAt: string;
                            startedAt: string | null;
                            completedAt: string | null;
                            sourceUrl: string | null;
                        };
                        creditsBalance: number;
                        replayed?: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "prompts-list": {
        parameters: {
            query?: {
                category?: string;
                type?: "image" | "video" | "text" | "audio";
                search?: string;
                favourite?: boolean | ("true" | "false");
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        prompts: {
                            id: string;
                            title: string;
                            text: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            category: string;
                            tags: string[];
                            favourite: boolean;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        categories: {
                            name: string;
                            count: number;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "prompts-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title: string;
                    text: string;
                    /** @enum {string} */
                    type: "image" | "video" | "text" | "audio";
                    /** @default General */
                    category?: string;
                    /** @default [] */
                    tags?: string[];
                    /** @default false */
                    favourite?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        prompt: {
                            id: string;
                            title: string;
                            text: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            category: string;
                            tags: string[];
                            favourite: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "prompts-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    text?: string;
                    /** @enum {string} */
                    type?: "image" | "video" | "text" | "audio";
                    category?: string;
                    tags?: string[];
                    favourite?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        prompt: {
                            id: string;
                            title: string;
                            text: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            category: string;
                            tags: string[];
                            favourite: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "prompts-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "brandKit-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brandKit: {
                            brandName: string;
                            logoUrl: string | null;
                            colors: {
                                name: string;
                                hex: string;
                            }[];
                            fonts: string[];
                            toneOfVoice: string;
                            audience: string;
                            wordsToUse: string[];
                            wordsToAvoid: string[];
                            promptClause: string;
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "brandKit-update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    brandName?: string;
                    logo?: string | null;
                    colors?: {
                        /** @default  */
                        name?: string;
                        hex: string;
                    }[];
                    /** @default [] */
                    fonts?: string[];
                    /** @default  */
                    toneOfVoice?: string;
                    /** @default  */
                    audience?: string;
                    /** @default [] */
                    wordsToUse?: string[];
                    /** @default [] */
                    wordsToAvoid?: string[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        brandKit: {
                            brandName: string;
                            logoUrl: string | null;
                            colors: {
                                name: string;
                                hex: string;
                            }[];
                            fonts: string[];
                            toneOfVoice: string;
                            audience: string;
                            wordsToUse: string[];
                            wordsToAvoid: string[];
                            promptClause: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        email: string;
                        emailVerified: boolean;
                        pendingEmail: string | null;
                        createdAt: string;
                        credits: number;
                        isAdmin: boolean;
                        avatarUrl: string | null;
                        counts: {
                            projects: number;
                            generations: number;
                            prompts: number;
                        };
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-changePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-requestEmailChange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newEmail: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        pendingEmail: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-confirmEmailChange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        email: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-uploadAvatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    image: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        avatarUrl: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-exportData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        format: "atelier-data-export/v1";
                        exportedAt: string;
                        account: {
                            id: string;
                            email: string;
                            createdAt: string;
                            credits: number;
                            isAdmin: boolean;
                        };
                        projects: {
                            [key: string]: unknown;
                        }[];
                        generations: {
                            [key: string]: unknown;
                        }[];
                        ledger: {
                            [key: string]: unknown;
                        }[];
                        prompts: {
                            [key: string]: unknown;
                        }[];
                        brandKit: {
                            [key: string]: unknown;
                        } | null;
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-recordVisit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        firstVisit: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "profile-deleteAccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmEmail: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        mediaRemoved: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "analytics-overview": {
        parameters: {
            query?: {
                period?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        from: string;
                        to: string;
                        overview: {
                            totalGenerations: number;
                            creditsUsed: number;
                            projectsCreated: number;
                            avgGenerationTime: number | null;
                        };
                        generationsByType: {
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            count: number;
                        }[];
                        creditUsage: {
                            date: string;
                            credits: number;
                        }[];
                        popularModels: {
                            id: string;
                            name: string;
                            uses: number;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "analytics-usageStats": {
        parameters: {
            query?: {
                period?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        totalGenerations: number;
                        completed: number;
                        failed: number;
                        cancelled: number;
                        inProgress: number;
                        successRate: number | null;
                        creditsUsed: number;
                        creditsAdded: number;
                        chatMessages: number;
                        activeDays: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "analytics-usageTrend": {
        parameters: {
            query?: {
                period?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        days: {
                            date: string;
                            image: number;
                            video: number;
                            text: number;
                            audio: number;
                            total: number;
                            credits: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "analytics-modelPerformance": {
        parameters: {
            query?: {
                period?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        models: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "image" | "video" | "text" | "audio";
                            uses: number;
                            completed: number;
                            failed: number;
                            successRate: number | null;
                            avgTime: number | null;
                            creditsUsed: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "analytics-creditBreakdown": {
        parameters: {
            query?: {
                period?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        total: number;
                        byType: {
                            type: string;
                            credits: number;
                        }[];
                        byModel: {
                            id: string;
                            name: string;
                            type: string;
                            credits: number;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "analytics-recommendations": {
        parameters: {
            query?: {
                period?: "7d" | "30d" | "90d";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        period: string;
                        recommendations: {
                            /** @enum {string} */
                            kind: "cheaper_model" | "reliability" | "get_started" | "top_up" | "brand_kit" | "prompt_library";
                            title: string;
                            message: string;
                            modelId: string | null;
                            alternativeModelId: string | null;
                            savingsPerGeneration: number | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-byProject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        project: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                        };
                        seoProject: {
                            id: string;
                            projectId: string;
                            userId: string;
                            businessName: string;
                            businessDesc: string;
                            targetUrl: string;
                            seoKeywords: string[];
                            competitors: string[];
                            wordsPerArticle: number;
                            /** @enum {string} */
                            articleFormat: "markdown" | "html";
                            publishSchedule: number;
                            textModel: string | null;
                            analysis: {
                                analyzedAt: string;
                                target: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                } | null;
                                competitors: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                }[];
                                keywordGaps: {
                                    term: string;
                                    competitorCount: number;
                                    targetCount: number;
                                    competitors: number;
                                }[];
                                suggestedTopics: {
                                    topic: string;
                                    reason: string;
                                    keywords: string[];
                                }[];
                            } | null;
                            pricing: {
                                model: string;
                                modelName: string;
                                articleCredits: number;
                                available: boolean;
                            };
                            feeds: {
                                rss: string;
                                json: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-save": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                projectId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    businessName: string;
                    /** @default  */
                    businessDesc?: string;
                    /** @default  */
                    targetUrl?: string | "";
                    seoKeywords: string[];
                    /** @default [] */
                    competitors?: string[];
                    /** @default 1200 */
                    wordsPerArticle?: number;
                    /**
                     * @default markdown
                     * @enum {string}
                     */
                    articleFormat?: "markdown" | "html";
                    /** @default 7 */
                    publishSchedule?: number;
                    /** @default null */
                    textModel?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seoProject: {
                            id: string;
                            projectId: string;
                            userId: string;
                            businessName: string;
                            businessDesc: string;
                            targetUrl: string;
                            seoKeywords: string[];
                            competitors: string[];
                            wordsPerArticle: number;
                            /** @enum {string} */
                            articleFormat: "markdown" | "html";
                            publishSchedule: number;
                            textModel: string | null;
                            analysis: {
                                analyzedAt: string;
                                target: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                } | null;
                                competitors: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                }[];
                                keywordGaps: {
                                    term: string;
                                    competitorCount: number;
                                    targetCount: number;
                                    competitors: number;
                                }[];
                                suggestedTopics: {
                                    topic: string;
                                    reason: string;
                                    keywords: string[];
                                }[];
                            } | null;
                            pricing: {
                                model: string;
                                modelName: string;
                                articleCredits: number;
                                available: boolean;
                            };
                            feeds: {
                                rss: string;
                                json: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                        };
                        created: boolean;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seoProject: {
                            id: string;
                            projectId: string;
                            userId: string;
                            businessName: string;
                            businessDesc: string;
                            targetUrl: string;
                            seoKeywords: string[];
                            competitors: string[];
                            wordsPerArticle: number;
                            /** @enum {string} */
                            articleFormat: "markdown" | "html";
                            publishSchedule: number;
                            textModel: string | null;
                            analysis: {
                                analyzedAt: string;
                                target: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                } | null;
                                competitors: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                }[];
                                keywordGaps: {
                                    term: string;
                                    competitorCount: number;
                                    targetCount: number;
                                    competitors: number;
                                }[];
                                suggestedTopics: {
                                    topic: string;
                                    reason: string;
                                    keywords: string[];
                                }[];
                            } | null;
                            pricing: {
                                model: string;
                                modelName: string;
                                articleCredits: number;
                                available: boolean;
                            };
                            feeds: {
                                rss: string;
                                json: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-checkUrl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ok: boolean;
                        reason: string | null;
                        url: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-analyze": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        seoProject: {
                            id: string;
                            projectId: string;
                            userId: string;
                            businessName: string;
                            businessDesc: string;
                            targetUrl: string;
                            seoKeywords: string[];
                            competitors: string[];
                            wordsPerArticle: number;
                            /** @enum {string} */
                            articleFormat: "markdown" | "html";
                            publishSchedule: number;
                            textModel: string | null;
                            analysis: {
                                analyzedAt: string;
                                target: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                } | null;
                                competitors: {
                                    url: string;
                                    finalUrl: string | null;
                                    ok: boolean;
                                    error: string | null;
                                    status: number | null;
                                    title: string;
                                    metaDescription: string;
                                    headings: {
                                        level: number;
                                        text: string;
                                    }[];
                                    wordCount: number;
                                    topTerms: {
                                        term: string;
                                        count: number;
                                    }[];
                                    keywordFrequencies: {
                                        keyword: string;
                                        count: number;
                                        density: number;
                                    }[];
                                }[];
                                keywordGaps: {
                                    term: string;
                                    competitorCount: number;
                                    targetCount: number;
                                    competitors: number;
                                }[];
                                suggestedTopics: {
                                    topic: string;
                                    reason: string;
                                    keywords: string[];
                                }[];
                            } | null;
                            pricing: {
                                model: string;
                                modelName: string;
                                articleCredits: number;
                                available: boolean;
                            };
                            feeds: {
                                rss: string;
                                json: string;
                            };
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-articles": {
        parameters: {
            query?: {
                status?: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        articles: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-requestArticles": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    topics: string[];
                    keywords?: string[];
                    sourcePageId?: string;
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        articles: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                        creditsBalance: number;
                        creditsCharged: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-stats": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        total: number;
                        byStatus: {
                            [key: string]: number;
                        };
                        totalWords: number;
                        avgWords: number;
                        creditsUsed: number;
                        avgRating: number | null;
                        rated: number;
                        avgScore: number | null;
                        regenerations: number;
                        nextPublishDate: string | null;
                        lastPublishedAt: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-exportAll": {
        parameters: {
            query?: {
                format?: "markdown" | "html";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        format: "markdown" | "html";
                        files: {
                            filename: string;
                            mimeType: string;
                            content: string;
                            articleId: string;
                        }[];
                        combined: {
                            filename: string;
                            mimeType: string;
                            content: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-article": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-updateArticle": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    title?: string;
                    description?: string;
                    content?: string;
                    keywords?: string[];
                    slug?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-deleteArticle": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    instructions?: string;
                    section?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                        creditsBalance: number;
                        creditsCharged: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-rate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rating: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-imageEstimate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 2 */
                    count?: number;
                    /** @default true */
                    includeHero?: boolean;
                    provider?: string;
                    model?: string;
                    /**
                     * @default 16:9
                     * @enum {string}
                     */
                    size?: "16:9" | "1:1" | "9:16" | "1024x1024" | "1792x1024" | "1024x1792";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        provider: string;
                        model: string;
                        size: string;
                        count: number;
                        includeHero: boolean;
                        perImageUnits: number;
                        perImageCredits: number;
                        totalUnits: number;
                        totalCredits: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-generateImages": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 2 */
                    count?: number;
                    /** @default true */
                    includeHero?: boolean;
                    provider?: string;
                    model?: string;
                    /**
                     * @default 16:9
                     * @enum {string}
                     */
                    size?: "16:9" | "1:1" | "9:16" | "1024x1024" | "1792x1024" | "1024x1792";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "queued";
                        estimate: {
                            provider: string;
                            model: string;
                            size: string;
                            count: number;
                            includeHero: boolean;
                            perImageUnits: number;
                            perImageCredits: number;
                            totalUnits: number;
                            totalCredits: number;
                        };
                        images: {
                            id: string;
                            generationId: string;
                            /** @enum {string} */
                            role: "hero" | "inline";
                            /** @enum {string} */
                            status: "queued" | "processing" | "ready" | "failed";
                            progress: number;
                            url: string | null;
                            alt: string;
                            placed: boolean;
                            error: string | null;
                        }[];
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                        creditsBalance: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-schedule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: date-time */
                    publishDate?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-unpublish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        article: {
                            id: string;
                            seoProjectId: string;
                            sourcePageId: string | null;
                            topic: string;
                            title: string;
                            description: string;
                            keywords: string[];
                            slug: string;
                            /** @enum {string} */
                            format: "markdown" | "html";
                            wordCount: number;
                            aiProvider: string;
                            aiModel: string;
                            creditsUsed: number;
                            /** @enum {string} */
                            status: "QUEUED" | "GENERATING" | "READY" | "SCHEDULED" | "PUBLISHED" | "FAILED";
                            progress: number;
                            error: string | null;
                            publishDate: string | null;
                            publishedAt: string | null;
                            regenerations: number;
                            rating: number | null;
                            images: {
                                id: string;
                                generationId: string;
                                /** @enum {string} */
                                role: "hero" | "inline";
                                /** @enum {string} */
                                status: "queued" | "processing" | "ready" | "failed";
                                progress: number;
                                url: string | null;
                                alt: string;
                                placed: boolean;
                                error: string | null;
                            }[];
                            seoScore: number | null;
                            createdAt: string;
                            updatedAt: string;
                            content: string;
                            promptUsed: string;
                            score: {
                                score: number;
                                breakdown: {
                                    keywords: number;
                                    headings: number;
                                    length: number;
                                    readability: number;
                                };
                                suggestions: string[];
                                details: {
                                    wordCount: number;
                                    targetWords: number;
                                    headingCount: number;
                                    avgSentenceWords: number;
                                    keywordHits: {
                                        keyword: string;
                                        count: number;
                                        inTitle: boolean;
                                        inHeadings: boolean;
                                    }[];
                                };
                            } | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "seo-exportArticle": {
        parameters: {
            query?: {
                format?: "markdown" | "html";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        filename: string;
                        mimeType: string;
                        content: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        myProjects: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                            updatedAt: string;
                            collaborators: {
                                userId: string;
                                email: string;
                                /** @enum {string} */
                                role: "viewer" | "editor";
                                addedAt: string;
                            }[];
                            invites: {
                                id: string;
                                email: string;
                                /** @enum {string} */
                                role: "viewer" | "editor";
                                invitedAt: string;
                                expiresAt: string;
                                /** @enum {string} */
                                status: "pending" | "expired";
                                lastSentAt: string | null;
                            }[];
                        }[];
                        sharedWithMe: {
                            id: string;
                            name: string;
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE" | "TEXT";
                            updatedAt: string;
                            /** @enum {string} */
                            role: "viewer" | "editor";
                            ownerEmail: string;
                            sharedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-collaborators": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        projectName: string;
                        /** @enum {string} */
                        viewerRole: "owner" | "editor" | "viewer";
                        owner: {
                            userId: string;
                            email: string;
                        };
                        collaborators: {
                            userId: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor";
                            addedAt: string;
                        }[];
                        invites: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor";
                            invitedAt: string;
                            expiresAt: string;
                            /** @enum {string} */
                            status: "pending" | "expired";
                            lastSentAt: string | null;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "viewer" | "editor";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "invited";
                        invite: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor";
                            invitedAt: string;
                            expiresAt: string;
                            /** @enum {string} */
                            status: "pending" | "expired";
                            lastSentAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-changeRole": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "viewer" | "editor";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        collaborator: {
                            userId: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor";
                            addedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        userId: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-cancelInvite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                inviteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        id: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-resendInvite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                inviteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invite: {
                            id: string;
                            email: string;
                            /** @enum {string} */
                            role: "viewer" | "editor";
                            invitedAt: string;
                            expiresAt: string;
                            /** @enum {string} */
                            status: "pending" | "expired";
                            lastSentAt: string | null;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectName: string;
                        /** @enum {string} */
                        projectType: "VIDEO" | "IMAGE" | "TEXT";
                        /** @enum {string} */
                        role: "viewer" | "editor";
                        inviterEmail: string;
                        invitedEmail: string;
                        expiresAt: string;
                        viewer: {
                            email: string;
                            isOwner: boolean;
                            currentRole: ("viewer" | "editor") | null;
                        } | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "collaboration-acceptInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: string;
                        projectName: string;
                        /** @enum {string} */
                        projectType: "VIDEO" | "IMAGE" | "TEXT";
                        /** @enum {string} */
                        role: "viewer" | "editor";
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "share-list": {
        parameters: {
            query?: {
                generationId?: string;
                exportId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        links: {
                            id: string;
                            token: string;
                            path: string;
                            /** @enum {string} */
                            kind: "generation" | "export";
                            targetId: string;
                            title: string;
                            /** @enum {string} */
                            status: "active" | "revoked" | "expired";
                            expiresAt: string | null;
                            revokedAt: string | null;
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "share-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    generationId?: string;
                    /** Format: uuid */
                    exportId?: string;
                    expiresInDays?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        link: {
                            id: string;
                            token: string;
                            path: string;
                            /** @enum {string} */
                            kind: "generation" | "export";
                            targetId: string;
                            title: string;
                            /** @enum {string} */
                            status: "active" | "revoked" | "expired";
                            expiresAt: string | null;
                            revokedAt: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "share-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        link: {
                            id: string;
                            token: string;
                            path: string;
                            /** @enum {string} */
                            kind: "generation" | "export";
                            targetId: string;
                            title: string;
                            /** @enum {string} */
                            status: "active" | "revoked" | "expired";
                            expiresAt: string | null;
                            revokedAt: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "share-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        kind: "generation" | "export";
                        mediaType: string;
                        title: string;
                        prompt: string | null;
                        mediaUrl: string | null;
                        thumbnailUrl: string | null;
                        text: string | null;
                        createdAt: string;
                        expiresAt: string | null;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "apiKeys-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKeys: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The first characters of the secret, to tell keys apart (`atl_` + 8) */
                            prefix: string;
                            scopes: ("read" | "generate" | "projects" | "workspace")[];
                            createdAt: string;
                            lastUsedAt: string | null;
                            lastUsedIp: string | null;
                            expiresAt: string | null;
                            expired: boolean;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "apiKeys-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("read" | "generate" | "projects" | "workspace")[];
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: {
                            /** Format: uuid */
                            id: string;
                            name: string;
                            /** @description The first characters of the secret, to tell keys apart (`atl_` + 8) */
                            prefix: string;
                            scopes: ("read" | "generate" | "projects" | "workspace")[];
                            createdAt: string;
                            lastUsedAt: string | null;
                            lastUsedIp: string | null;
                            expiresAt: string | null;
                            expired: boolean;
                        };
                        /** @description The key itself (`atl_…`): shown this once, stored only as a hash */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "apiKeys-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "apiKeys-securityLog": {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            /** Format: uuid */
                            id: string;
                            kind: string;
                            ip: string | null;
                            details: {
                                [key: string]: unknown;
                            };
                            createdAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhooks: {
                            id: string;
                            url: string;
                            description: string;
                            events: string[];
                            enabled: boolean;
                            secretHint: string;
                            previousSecretExpiresAt: string | null;
                            creditsLowThreshold: number | null;
                            failingSince: string | null;
                            disabledReason: string | null;
                            readOnly: boolean;
                            lastDelivery: {
                                status: string;
                                at: string;
                                statusCode: number | null;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        }[];
                    };
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: ("generation.completed" | "generation.failed" | "export.completed" | "export.failed" | "seo.article.published" | "credits.low")[];
                    description?: string;
                    creditsLowThreshold?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            id: string;
                            url: string;
                            description: string;
                            events: string[];
                            enabled: boolean;
                            secretHint: string;
                            previousSecretExpiresAt: string | null;
                            creditsLowThreshold: number | null;
                            failingSince: string | null;
                            disabledReason: string | null;
                            readOnly: boolean;
                            lastDelivery: {
                                status: string;
                                at: string;
                                statusCode: number | null;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                        secret: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url?: string;
                    events?: ("generation.completed" | "generation.failed" | "export.completed" | "export.failed" | "seo.article.published" | "credits.low")[];
                    description?: string;
                    enabled?: boolean;
                    creditsLowThreshold?: number | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            id: string;
                            url: string;
                            description: string;
                            events: string[];
                            enabled: boolean;
                            secretHint: string;
                            previousSecretExpiresAt: string | null;
                            creditsLowThreshold: number | null;
                            failingSince: string | null;
                            disabledReason: string | null;
                            readOnly: boolean;
                            lastDelivery: {
                                status: string;
                                at: string;
                                statusCode: number | null;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            id: string;
                            webhookId: string;
                            eventId: string;
                            eventType: string;
                            /** @enum {string} */
                            status: "PENDING" | "SENDING" | "RETRYING" | "DELIVERED" | "FAILED";
                            attempts: number;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            nextAttemptAt: string | null;
                            deliveredAt: string | null;
                            createdAt: string;
                            attemptLog: {
                                attempt: number;
                                statusCode: number | null;
                                durationMs: number;
                                responseBody: string | null;
                                error: string | null;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-rotateSecret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        webhook: {
                            id: string;
                            url: string;
                            description: string;
                            events: string[];
                            enabled: boolean;
                            secretHint: string;
                            previousSecretExpiresAt: string | null;
                            creditsLowThreshold: number | null;
                            failingSince: string | null;
                            disabledReason: string | null;
                            readOnly: boolean;
                            lastDelivery: {
                                status: string;
                                at: string;
                                statusCode: number | null;
                            } | null;
                            createdAt: string;
                            updatedAt: string;
                        };
                        secret: string;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-deliveries": {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: {
                            id: string;
                            webhookId: string;
                            eventId: string;
                            eventType: string;
                            /** @enum {string} */
                            status: "PENDING" | "SENDING" | "RETRYING" | "DELIVERED" | "FAILED";
                            attempts: number;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            nextAttemptAt: string | null;
                            deliveredAt: string | null;
                            createdAt: string;
                            attemptLog: {
                                attempt: number;
                                statusCode: number | null;
                                durationMs: number;
                                responseBody: string | null;
                                error: string | null;
                                createdAt: string;
                            }[];
                        }[];
                        total: number;
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
    "webhooks-resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: {
                            id: string;
                            webhookId: string;
                            eventId: string;
                            eventType: string;
                            /** @enum {string} */
                            status: "PENDING" | "SENDING" | "RETRYING" | "DELIVERED" | "FAILED";
                            attempts: number;
                            lastStatusCode: number | null;
                            lastError: string | null;
                            nextAttemptAt: string | null;
                            deliveredAt: string | null;
                            createdAt: string;
                            attemptLog: {
                                attempt: number;
                                statusCode: number | null;
                                durationMs: number;
                                responseBody: string | null;
                                error: string | null;
                                createdAt: string;
                            }[];
                        };
                    };
                };
            };
            /** @description Invalid input data */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Authorization not provided */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Insufficient access */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.INTERNAL_SERVER_ERROR"];
                };
            };
        };
    };
}
