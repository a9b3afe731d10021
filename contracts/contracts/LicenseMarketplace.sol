// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ILicense} from "./interfaces/ILicense.sol";
import {License} from "./License.sol";

/// Secondary market for Licenses. A listed License is held here in escrow, so a seller cannot sell
/// it twice or keep using it, and a renter's paid rental cannot be cut short by its owner.
contract LicenseMarketplace is ReentrancyGuard {
    using SafeERC20 for IERC20;

    enum LicenseState {
        Unsold, // held by its owner, not listed
        OnSale,
        ListedForRent, // listed for rent, no active rental
        Rented
    }

    struct SaleListing {
        address seller;
        uint256 price;
    }

    struct RentListing {
        address owner;
        uint256 pricePerDay;
        uint16 maxDays;
        uint16 maxIssues; // markets one rental may issue
    }

    uint256 private constant DAY = 1 days;

    License public immutable license;
    IERC20 public immutable payToken;
    /// Upper bound for a rent listing's maximum days.
    uint16 public immutable maxRentalDays;

    mapping(uint256 tokenId => SaleListing) private _sales;
    mapping(uint256 tokenId => RentListing) private _rents;

    event ListedForSale(uint256 indexed tokenId, address indexed seller, uint256 price);
    event SaleCancelled(uint256 indexed tokenId, address indexed seller);
    event Sold(uint256 indexed tokenId, address indexed seller, address indexed buyer, uint256 price);
    event ListedForRent(
        uint256 indexed tokenId, address indexed owner, uint256 pricePerDay, uint16 maxDays, uint16 maxIssues
    );
    event RentListingCancelled(uint256 indexed tokenId, address indexed owner);
    event Rented(
        uint256 indexed tokenId,
        address indexed owner,
        address indexed renter,
        uint16 rentalDays,
        uint256 pricePerDay,
        uint256 cost,
        uint64 expires,
        uint16 maxIssues
    );

    error ZeroAddress();
    error InvalidMaxRentalDays();
    error NotLicenseOwner(uint256 tokenId, address caller);
    error LicenseNotTradable(uint256 tokenId);
    error LicenseNotRentable(uint256 tokenId);
    error LicenseNotUsable(uint256 tokenId);
    error NoIssuesLeft(uint256 tokenId);
    error InvalidPrice();
    error InvalidMaxDays(uint16 maxDays, uint16 limit);
    error InvalidMaxIssues(uint16 maxIssues, uint16 availableTimes);
    /// The spec's rule: a License listed for rent must have the rent listing cancelled before sale.
    error LicenseListedForRent(uint256 tokenId);
    error NotListedForSale(uint256 tokenId);
    error NotListedForRent(uint256 tokenId);
    error NotSeller(uint256 tokenId, address caller);
    error NotRentListingOwner(uint256 tokenId, address caller);
    error CannotBuyOwnListing(uint256 tokenId);
    error CannotRentOwnLicense(uint256 tokenId);
    error PriceChanged(uint256 tokenId, uint256 expected, uint256 actual);
    error InvalidRentalDays(uint16 rentalDays, uint16 maxDays);
    error AlreadyRented(uint256 tokenId, uint64 until);
    /// A paid rental runs to its end: the owner cannot take the License back before.
    error RentalActive(uint256 tokenId, uint64 until);

    constructor(License license_, uint16 maxRentalDays_) {
        if (address(license_) == address(0)) revert ZeroAddress();
        if (maxRentalDays_ == 0) revert InvalidMaxRentalDays();
        license = license_;
        payToken = license_.payToken();
        maxRentalDays = maxRentalDays_;
    }

    // ---------------------------------------------------------------- sale

    function listForSale(uint256 tokenId, uint256 price) external nonReentrant {
        if (_rents[tokenId].owner != address(0)) revert LicenseListedForRent(tokenId);
        _requireOwner(tokenId);
        if (!license.info(tokenId).tradable) revert LicenseNotTradable(tokenId);
        if (price == 0) revert InvalidPrice();
        _sales[tokenId] = SaleListing({seller: msg.sender, price: price});
        license.transferFrom(msg.sender, address(this), tokenId);
        emit ListedForSale(tokenId, msg.sender, price);
    }

    function cancelSale(uint256 tokenId) external nonReentrant {
        SaleListing memory listing = _sales[tokenId];
        if (listing.seller == address(0)) revert NotListedForSale(tokenId);
        if (listing.seller != msg.sender) revert NotSeller(tokenId, msg.sender);
        delete _sales[tokenId];
        license.transferFrom(address(this), msg.sender, tokenId);
        emit SaleCancelled(tokenId, msg.sender);
    }

    /// Buys a listed License; `expectedPrice` guards against a relisting at another price.
    function buy(uint256 tokenId, uint256 expectedPrice) external nonReentrant {
        SaleListing memory listing = _sales[tokenId];
        if (listing.seller == address(0)) revert NotListedForSale(tokenId);
        if (listing.seller == msg.sender) revert CannotBuyOwnListing(tokenId);
        if (listing.price != expectedPrice) revert PriceChanged(tokenId, expectedPrice, listing.price);
        delete _sales[tokenId];
        payToken.safeTransferFrom(msg.sender, listing.seller, listing.price);
        license.transferFrom(address(this), msg.sender, tokenId);
        emit Sold(tokenId, listing.seller, msg.sender, listing.price);
    }

    // ---------------------------------------------------------------- rent

    function listForRent(uint256 tokenId, uint256 pricePerDay, uint16 maxDays, uint16 maxIssues)
        external
        nonReentrant
    {
        _requireOwner(tokenId);
        ILicense.Info memory info = license.info(tokenId);
        if (!info.rentable) revert LicenseNotRentable(tokenId);
        if (!info.usable) revert LicenseNotUsable(tokenId);
        if (info.availableTimes == 0) revert NoIssuesLeft(tokenId);
        if (pricePerDay == 0) revert InvalidPrice();
        if (maxDays == 0 || maxDays > maxRentalDays) revert InvalidMaxDays(maxDays, maxRentalDays);
        if (maxIssues == 0 || maxIssues > info.availableTimes) revert InvalidMaxIssues(maxIssues, info.availableTimes);
        _rents[tokenId] =
            RentListing({owner: msg.sender, pricePerDay: pricePerDay, maxDays: maxDays, maxIssues: maxIssues});
        license.transferFrom(msg.sender, address(this), tokenId);
        emit ListedForRent(tokenId, msg.sender, pricePerDay, maxDays, maxIssues);
    }

    /// Rents for `rentalDays`, paying price per day × days to the owner up front.
    function rent(uint256 tokenId, uint16 rentalDays, uint256 expectedPricePerDay) external nonReentrant {
        RentListing memory listing = _rents[tokenId];
        if (listing.owner == address(0)) revert NotListedForRent(tokenId);
        if (listing.owner == msg.sender) revert CannotRentOwnLicense(tokenId);
        if (listing.pricePerDay != expectedPricePerDay) {
            revert PriceChanged(tokenId, expectedPricePerDay, listing.pricePerDay);
        }
        uint64 until = uint64(license.userExpires(tokenId));
        if (license.userOf(tokenId) != address(0)) revert AlreadyRented(tokenId, until);
        if (rentalDays == 0 || rentalDays > listing.maxDays) revert InvalidRentalDays(rentalDays, listing.maxDays);
        uint16 availableTimes = license.info(tokenId).availableTimes;
        if (availableTimes == 0) revert NoIssuesLeft(tokenId);

        uint256 cost = listing.pricePerDay * rentalDays;
        uint64 expires = uint64(block.timestamp + uint256(rentalDays) * DAY);
        uint16 maxIssues = listing.maxIssues < availableTimes ? listing.maxIssues : availableTimes;
        payToken.safeTransferFrom(msg.sender, listing.owner, cost);
        license.setUserWithAllowance(tokenId, msg.sender, expires, maxIssues);
        emit Rented(tokenId, listing.owner, msg.sender, rentalDays, listing.pricePerDay, cost, expires, maxIssues);
    }

    function cancelRentListing(uint256 tokenId) external nonReentrant {
        RentListing memory listing = _rents[tokenId];
        if (listing.owner == address(0)) revert NotListedForRent(tokenId);
        if (listing.owner != msg.sender) revert NotRentListingOwner(tokenId, msg.sender);
        if (license.userOf(tokenId) != address(0)) revert RentalActive(tokenId, uint64(license.userExpires(tokenId)));
        delete _rents[tokenId];
        // The transfer clears the expired user in License.
        license.transferFrom(address(this), msg.sender, tokenId);
        emit RentListingCancelled(tokenId, msg.sender);
    }

    // ---------------------------------------------------------------- views

    function saleListing(uint256 tokenId) external view returns (SaleListing memory) {
        return _sales[tokenId];
    }

    function rentListing(uint256 tokenId) external view returns (RentListing memory) {
        return _rents[tokenId];
    }

    /// The owner a listing is held for, or the License's holder when it is not listed.
    function realOwnerOf(uint256 tokenId) external view returns (address) {
        address seller = _sales[tokenId].seller;
        if (seller != address(0)) return seller;
        address lister = _rents[tokenId].owner;
        if (lister != address(0)) return lister;
        return license.ownerOf(tokenId);
    }

    function stateOf(uint256 tokenId) external view returns (LicenseState) {
        if (_sales[tokenId].seller != address(0)) return LicenseState.OnSale;
        if (_rents[tokenId].owner != address(0)) {
            return license.userOf(tokenId) != address(0) ? LicenseState.Rented : LicenseState.ListedForRent;
        }
        license.ownerOf(tokenId); // reverts for a License that does not exist
        return LicenseState.Unsold;
    }

    function _requireOwner(uint256 tokenId) private view {
        if (license.ownerOf(tokenId) != msg.sender) revert NotLicenseOwner(tokenId, msg.sender);
    }
}
