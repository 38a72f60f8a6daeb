package httpapi

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gardenctl/garden/core/app"
	"github.com/gardenctl/garden/core/domain"
)

// sharingRoutes are plant sharing (spec 02 §7 "Plant sharing"): reads are open to visitors; every
// write is signed in and gated by its maintenance function. Served when Services.Sharing is set.
func (s *Server) sharingRoutes() []route {
	return []route{
		{method: "GET", path: "/api/plant-sharing", access: visitors, handler: s.handleListListings,
			op: apiOp{summary: "Plant sharing listings", out: []listingJSON{}, page: true, query: []string{"search", "plantType", "listingType", "status", "mine: true for the caller's own"}}},
		{method: "GET", path: "/api/plant-sharing/plant-types", access: visitors, handler: s.handleListingPlantTypes,
			op: apiOp{summary: "The plant types of the listings", out: []string{}}},
		{method: "GET", path: "/api/plant-sharing/{id}", access: visitors, handler: s.handleGetListing,
			op: apiOp{summary: "One listing", out: listingJSON{}}},
		{method: "GET", path: "/api/plant-sharing/{id}/messages", handler: s.handleListingMessages,
			op: apiOp{summary: "The messages about a listing", out: []listingMessageJSON{}, page: true, query: []string{"with: the other user's id (the listing's owner)"}}},
		// Every write is the signed-in gardener's, gated by plant sharing's maintenance.
		{method: "POST", path: "/api/plant-sharing", access: writes(domain.FunctionSharing), handler: s.handleCreateListing,
			op: apiOp{summary: "Create a listing", in: listingInput{}, out: listingJSON{}, status: 201}},
		{method: "PATCH", path: "/api/plant-sharing/{id}", access: writes(domain.FunctionSharing), handler: s.handlePatchListing,
			op: apiOp{summary: "The owner edits an open listing (absent fields stay; 409 once completed) and/or marks it completed", in: listingPatch{}, out: listingJSON{}}},
		{method: "DELETE", path: "/api/plant-sharing/{id}", access: writes(domain.FunctionSharing), handler: s.handleDeleteListing,
			op: apiOp{summary: "Delete a listing"}},
		{method: "POST", path: "/api/plant-sharing/{id}/image", access: writes(domain.FunctionSharing), handler: s.handleListingImage,
			op: apiOp{summary: "Set a listing's photo (multipart/form-data, field image)", form: "image", out: listingJSON{}}},
		{method: "POST", path: "/api/plant-sharing/{id}/messages", access: writes(domain.FunctionSharing), handler: s.handleSendListingMessage,
			op: apiOp{summary: "Send a message about a listing", in: listingMessageInput{}, out: listingMessageJSON{}, status: 201}},
		{method: "POST", path: "/api/plant-sharing/{id}/renew", access: writes(domain.FunctionSharing), handler: s.handleRenewListing,
			op: apiOp{summary: "Renew a listing", out: listingJSON{}}},
		{method: "POST", path: "/api/plant-sharing/{id}/add-to-my-plants", access: writes(domain.FunctionSharing), handler: s.handleAddListingToPlants,
			op: apiOp{summary: "Add a listing's plant to one's plants", out: plantJSON{}, status: 201}},
	}
}

// sharingVisitor wraps a read that visitors may make: without a token the principal is nil;
// a token that is not valid (any more) is still 401, so the page can ask to sign in again.
func (s *Server) sharingVisitor(h func(http.ResponseWriter, *http.Request, *domain.Principal)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if bearerToken(r) == "" {
			h(w, r, nil)
			return
		}
		s.authed(h)(w, r)
	}
}

// listingJSON is a listing on the wire (spec 02 §3 Plant listing, docs/api.md).
type listingJSON struct {
	ID             int64        `json:"id"`
	UserID         int64        `json:"userId"`
	Title          string       `json:"title"`
	PlantName      string       `json:"plantName"`
	PlantType      string       `json:"plantType"`
	Species        string       `json:"species"`
	Description    string       `json:"description"`
	ListingType    string       `json:"listingType"`
	Price          *json.Number `json:"price"`
	Quantity       int          `json:"quantity"`
	Location       string       `json:"location"`
	ImageURL       string       `json:"imageUrl"`
	Status         string       `json:"status"`
	IsExpired      bool         `json:"isExpired"`
	CreatedAt      time.Time    `json:"createdAt"`
	UpdatedAt      time.Time    `json:"updatedAt"`
	ExpiresAt      time.Time    `json:"expiresAt"`
	ClosedAt       *time.Time   `json:"closedAt"`
	EditedAt       *time.Time   `json:"editedAt"`
	Edited         bool         `json:"edited"`
	Username       string       `json:"username"`
	UserAvatar     *string      `json:"userAvatar"`
	SourcePlantID  *int64       `json:"sourcePlantId,omitempty"`
	IsOwner        bool         `json:"isOwner"`
	CanDelete      bool         `json:"canDelete"`
	MessageCount   *int         `json:"messageCount,omitempty"`
	CanRenew       bool         `json:"canRenew"`
	RenewableAt    *time.Time   `json:"renewableAt,omitempty"`
	CompletedWith  *int64       `json:"completedWithUserId,omitempty"`
	CanAddToPlants bool         `json:"canAddToPlants"`
	AddedToPlantID *int64       `json:"addedToPlantId,omitempty"`
}

func toListingJSON(v *app.ListingView) listingJSON {
	l := v.Listing
	out := listingJSON{ID: l.ID, UserID: l.UserID, Title: l.Title, PlantName: l.PlantName, PlantType: l.PlantType, Species: l.Species,
		Description: l.Description, ListingType: string(l.ListingType), Quantity: l.Quantity, Location: l.Location, ImageURL: l.ImageURL,
		Status: string(l.Status), IsExpired: v.Expired, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt, ExpiresAt: l.ExpiresAt,
		ClosedAt: l.ClosedAt, EditedAt: l.EditedAt, Edited: l.EditedAt != nil, Username: l.Username, IsOwner: v.IsOwner, CanDelete: v.CanDelete || v.IsOwner, CanRenew: v.Renewable, CanAddToPlants: v.CanAddToPlants}
	if l.PriceCents != nil {
		n := json.Number(domain.FormatPrice(*l.PriceCents))
		out.Price = &n
	}
	if v.IsOwner {
		count, at := l.MessageCount, l.RenewableAt()
		out.MessageCount, out.RenewableAt, out.SourcePlantID, out.CompletedWith = &count, &at, l.SourcePlantID, l.CompletedWithID
	}
	if v.CanAddToPlants || (l.AddedToPlantID != nil && l.CompletedWithID != nil && !v.IsOwner) {
		out.CompletedWith, out.AddedToPlantID = l.CompletedWithID, l.AddedToPlantID
	}
	return out
}

// listingInput is the body of POST /api/plant-sharing: the listing fields plus userId, which
// is ignored (the owner is always the caller), and plantId ("List from my plant").
type listingInput struct {
	Title       string       `json:"title"`
	PlantName   string       `json:"plantName"`
	PlantType   string       `json:"plantType"`
	Species     string       `json:"species"`
	Description string       `json:"description"`
	ListingType *string      `json:"listingType"`
	Price       *json.Number `json:"price"`
	Quantity    *json.Number `json:"quantity"`
	Location    string       `json:"location"`
	ImageURL    string       `json:"imageUrl"`
	UserID      any          `json:"userId"`
	PlantID     int64        `json:"plantId"`
}

func (in *listingInput) toDomain() (*domain.Listing, error) {
	var v domain.Validation
	l := &domain.Listing{Title: in.Title, PlantName: in.PlantName, PlantType: in.PlantType, Species: in.Species,
		Description: in.Description, Location: in.Location, ImageURL: in.ImageURL, Quantity: 1, ListingType: domain.ListingFree}
	if in.ListingType != nil {
		lt, err := domain.ParseListingType(*in.ListingType)
		if err != nil {
			v.Add("listingType", err.Error())
		}
		l.ListingType = lt
	}
	if in.Quantity != nil {
		n, err := strconv.Atoi(in.Quantity.String())
		if err != nil || n < 1 {
			v.Add("quantity", domain.MsgQuantityMin)
		}
		l.Quantity = n
	}
	if in.Price != nil && in.Price.String() != "" {
		cents, err := domain.ParsePrice(in.Price.String())
		if err != nil {
			v.Add("price", err.Error())
		}
		l.PriceCents = &cents
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

func (s *Server) handleListListings(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{}, func(_ request[noBody], page domain.PageRequest) (domain.Page[*app.ListingView], error) {
		q := r.URL.Query()
		return s.svc.Sharing.List(r.Context(), p, app.ListingQuery{Search: q.Get("search"), PlantType: q.Get("plantType"),
			ListingType: q.Get("listingType"), Status: q.Get("status"), Mine: q.Get("mine") == "true" || q.Get("mine") == "1"}, page)
	}, toListingJSON)
}

func (s *Server) handleListingPlantTypes(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{}, func(request[noBody]) ([]string, error) {
		return s.svc.Sharing.PlantTypes(r.Context())
	}, asIs[[]string])
}

func (s *Server) handleGetListing(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgListingNotFound}, s.svc.Sharing.Get, toListingJSON)
}

func (s *Server) handleCreateListing(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{status: http.StatusCreated}, func(q request[listingInput]) (*app.ListingView, error) {
		l, err := q.in.toDomain()
		if err != nil {
			return nil, err
		}
		return s.svc.Sharing.Create(r.Context(), p, l, q.in.PlantID)
	}, toListingJSON)
}

// listingPatch is the body of PATCH /api/plant-sharing/{id}: the owner's edit of any of the
// create fields (those left out stay as they are), and/or the status, and, when completing,
// optionally who the listing went to. An edit is applied before the status.
type listingPatch struct {
	Status              *string               `json:"status"`
	CompletedWithUserID *int64                `json:"completedWithUserId"`
	Title               optional[string]      `json:"title"`
	PlantName           optional[string]      `json:"plantName"`
	PlantType           optional[string]      `json:"plantType"`
	Species             optional[string]      `json:"species"`
	Description         optional[string]      `json:"description"`
	ListingType         optional[string]      `json:"listingType"`
	Price               optional[json.Number] `json:"price"`
	Quantity            optional[json.Number] `json:"quantity"`
	Location            optional[string]      `json:"location"`
	ImageURL            optional[string]      `json:"imageUrl"`
}

// edit reads the fields of an edit; ok is false when the body carries none.
func (in *listingPatch) edit() (patch domain.ListingPatch, ok bool, err error) {
	var v domain.Validation
	for _, f := range []struct {
		in  optional[string]
		dst **string
	}{{in.Title, &patch.Title}, {in.PlantName, &patch.PlantName}, {in.PlantType, &patch.PlantType}, {in.Species, &patch.Species},
		{in.Description, &patch.Description}, {in.Location, &patch.Location}, {in.ImageURL, &patch.ImageURL}} {
		if f.in.Set {
			text := f.in.Value // null is empty, which the validation refuses where a value is required
			*f.dst, ok = &text, true
		}
	}
	if in.ListingType.Set {
		lt, perr := domain.ParseListingType(in.ListingType.Value)
		if perr != nil {
			v.Add("listingType", perr.Error())
		}
		patch.ListingType, ok = &lt, true
	}
	if in.Quantity.Set {
		n, qerr := strconv.Atoi(in.Quantity.Value.String())
		if qerr != nil || n < 1 {
			v.Add("quantity", domain.MsgQuantityMin)
		}
		patch.Quantity, ok = &n, true
	}
	if in.Price.Set {
		ok = true
		if in.Price.Null || in.Price.Value.String() == "" {
			patch.ClearPrice = true
		} else {
			cents, perr := domain.ParsePrice(in.Price.Value.String())
			if perr != nil {
				v.Add("price", perr.Error())
			}
			patch.PriceCents = &cents
		}
	}
	return patch, ok, v.Err()
}

func (s *Server) handlePatchListing(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, idNotFound: domain.MsgListingNotFound}, func(q request[listingPatch]) (*app.ListingView, error) {
		patch, edit, err := q.in.edit()
		if err != nil {
			return nil, err
		}
		if !edit && q.in.Status == nil {
			return nil, &domain.Error{Code: domain.EInvalid, Message: domain.MsgListingStatus, Fields: map[string]string{"status": domain.MsgListingStatus}}
		}
		var v *app.ListingView
		if edit {
			if v, err = s.svc.Sharing.Edit(r.Context(), p, q.id, patch); err != nil || q.in.Status == nil {
				return v, err
			}
		}
		return s.svc.Sharing.SetStatus(r.Context(), p, q.id, *q.in.Status, q.in.CompletedWithUserID)
	}, toListingJSON)
}

func (s *Server) handleDeleteListing(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleNoContent(s, w, r, p, endpoint{id: true}, func(q request[noBody]) error { return s.svc.Sharing.Delete(r.Context(), p, q.id) })
}

func (s *Server) handleRenewListing(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, endpoint{id: true}, s.svc.Sharing.Renew, toListingJSON)
}

func (s *Server) handleAddListingToPlants(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleByID(s, w, r, p, endpoint{id: true, status: http.StatusCreated}, s.svc.Sharing.AddToMyPlants, toPlantJSON)
}

// handleListingImage takes the photo of a listing as multipart/form-data in the field "image"
// (spec 02 §7); the type is sniffed from the bytes and 5 MB is the most (413 beyond).
func (s *Server) handleListingImage(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true}, func(q request[noBody]) (*app.ListingView, error) {
		return uploadPart(w, r, "image", func(body io.Reader) (*app.ListingView, error) {
			return s.svc.Sharing.SetImage(r.Context(), p, q.id, body)
		})
	}, toListingJSON)
}

// listingMessageJSON is a listing message on the wire (spec 02 §3 Listing message), with the
// conversation it belongs to: conversationWith is the person who is not the owner.
type listingMessageJSON struct {
	ID                   int64     `json:"id"`
	ListingID            int64     `json:"listingId"`
	Message              string    `json:"message"`
	UserID               int64     `json:"userId"`
	Username             string    `json:"username"`
	UserAvatar           *string   `json:"userAvatar"`
	CreatedAt            time.Time `json:"createdAt"`
	ConversationWith     int64     `json:"conversationWith"`
	ConversationUsername string    `json:"conversationUsername"`
}

func toListingMessageJSON(m *domain.ListingMessage) listingMessageJSON {
	return listingMessageJSON{ID: m.ID, ListingID: m.ListingID, Message: m.Message, UserID: m.SenderID, Username: m.Username,
		CreatedAt: m.CreatedAt, ConversationWith: m.PartnerID, ConversationUsername: m.PartnerName}
}

func (s *Server) handleListingMessages(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handlePage(s, w, r, p, endpoint{id: true}, func(q request[noBody], page domain.PageRequest) (domain.Page[*domain.ListingMessage], error) {
		var with int64
		if v := strings.TrimSpace(r.URL.Query().Get("with")); v != "" {
			var err error
			if with, err = strconv.ParseInt(v, 10, 64); err != nil || with < 1 {
				const msg = "with must be a user id"
				return domain.Page[*domain.ListingMessage]{}, &domain.Error{Code: domain.EInvalid, Message: msg, Fields: map[string]string{"with": msg}}
			}
		}
		return s.svc.Sharing.Messages(r.Context(), p, q.id, with, page)
	}, toListingMessageJSON)
}

// listingMessageInput is the body of POST /api/plant-sharing/{id}/messages: the message, and,
// when the owner answers, the person answered (recipientId).
type listingMessageInput struct {
	Message     string `json:"message"`
	RecipientID int64  `json:"recipientId"`
}

func (s *Server) handleSendListingMessage(w http.ResponseWriter, r *http.Request, p *domain.Principal) {
	handleJSON(s, w, r, p, endpoint{id: true, status: http.StatusCreated}, func(q request[listingMessageInput]) (*domain.ListingMessage, error) {
		return s.svc.Sharing.SendMessage(r.Context(), p, q.id, q.in.Message, q.in.RecipientID)
	}, toListingMessageJSON)
}
