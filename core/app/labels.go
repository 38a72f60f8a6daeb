package app

import (
	"context"
	"strconv"
	"strings"

	"github.com/gardenctl/garden/core/domain"
	"github.com/gardenctl/garden/ports"
)

// LabelStore is what labels read: the plant a label is for.
type LabelStore interface {
	// ports.PlantStore's:
	PlantByID(ctx context.Context, ownerID, id int64) (*domain.Plant, error)
}

// Labels makes QR labels that lead to a plant's page.
type Labels struct {
	store   LabelStore
	qr      ports.QRCodeRenderer
	baseURL string
}

// NewLabels builds the label service; baseURL is the installation's public URL.
func NewLabels(store LabelStore, qr ports.QRCodeRenderer, baseURL string) *Labels {
	return &Labels{store: store, qr: qr, baseURL: strings.TrimRight(baseURL, "/")}
}

// PlantURL is the absolute address of a plant's page, the text a label's QR code holds.
func (l *Labels) PlantURL(id int64) string { return l.baseURL + "/plants/" + strconv.FormatInt(id, 10) }

// QRPNG returns a PNG QR code (512 px) of one of the caller's plants, and the URL it holds.
func (l *Labels) QRPNG(ctx context.Context, p *domain.Principal, id int64) ([]byte, string, error) {
	if err := l.ownPlant(ctx, p, id); err != nil {
		return nil, "", err
	}
	url := l.PlantURL(id)
	png, err := l.qr.PNG(url, 512)
	return png, url, err
}

// QRSVG returns an SVG QR code of one of the caller's plants.
func (l *Labels) QRSVG(ctx context.Context, p *domain.Principal, id int64) (string, error) {
	if err := l.ownPlant(ctx, p, id); err != nil {
		return "", err
	}
	return l.qr.SVG(l.PlantURL(id))
}

func (l *Labels) ownPlant(ctx context.Context, p *domain.Principal, id int64) error {
	if err := signedIn(p); err != nil {
		return err
	}
	_, err := l.store.PlantByID(ctx, p.User.ID, id)
	return plantNotFound(err)
}
