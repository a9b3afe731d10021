// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ILicense} from "./interfaces/ILicense.sol";
import {License} from "./License.sol";

/// @title LicenseMarketplace
/// @notice Secondary market for Licenses. A listed License is held here in escrow, so a seller cannot sell
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

    /// @notice The License contract whose tokens are listed.
    License public immutable license;
    /// @notice The token sales and rents are paid in (the License's pay token).
    IERC20 public immutable payToken;
    /// @notice Upper bound for a rent listing's maximum days.
    uint16 public immutable maxRentalDays;

    mapping(uint256 tokenId => SaleListing) private _sales;
    mapping(uint256 tokenId => RentListing) private _rents;

    /// @notice A License was listed for sale (and moved here in escrow).
    /// @param tokenId The License.
    /// @param seller Its owner.
    /// @param price The asking price, pay-token units.
    event ListedForSale(uint256 indexed tokenId, address indexed seller, uint256 price);
    /// @notice A sale listing was withdrawn; the License went back to its seller.
    /// @param tokenId The License.
    /// @param seller Its owner.
    event SaleCancelled(uint256 indexed tokenId, address indexed seller);
    /// @notice A listed License was sold.
    /// @param tokenId The License.
    /// @param seller Who was paid.
    /// @param buyer The new owner.
    /// @param price What was paid, pay-token units.
    event Sold(uint256 indexed tokenId, address indexed seller, address indexed buyer, uint256 price);
    /// @notice A License was listed for rent (and moved here in escrow).
    /// @param tokenId The License.
    /// @param owner Its owner.
    /// @param pricePerDay Rent per day, pay-token units.
    /// @param maxDays The longest rental.
    /// @param maxIssues Markets one rental may issue.
    event ListedForRent(
        uint256 indexed tokenId, address indexed owner, uint256 pricePerDay, uint16 maxDays, uint16 maxIssues
    );
    /// @notice A rent listing was withdrawn; the License went back to its owner.
    /// @param tokenId The License.
    /// @param owner Its owner.
    event RentListingCancelled(uint256 indexed tokenId, address indexed owner);
    /// @notice A License was rented.
    /// @param tokenId The License.
    /// @param owner Who was paid.
    /// @param renter The renter (the License's user until `expires`).
    /// @param rentalDays Days rented.
    /// @param pricePerDay Rent per day, pay-token units.
    /// @param cost What was paid: pricePerDay x rentalDays.
    /// @param expires The rental's end, unix seconds.
    /// @param maxIssues Markets the renter may issue.
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

    /// @notice Binds the marketplace to one License contract and its pay token.
    /// @param license_ The License contract.
    /// @param maxRentalDays_ Upper bound for a rent listing's maximum days.
    constructor(License license_, uint16 maxRentalDays_) {
        if (address(license_) == address(0)) revert ZeroAddress();
        if (maxRentalDays_ == 0) revert InvalidMaxRentalDays();
        license = license_;
        payToken = license_.payToken();
        maxRentalDays = maxRentalDays_;
    }

    // ---------------------------------------------------------------- sale

    /// @notice Owner: lists a tradable License for sale at `price`; it is held here until sold or withdrawn.
    /// A License listed for rent must have that listing cancelled first.
    /// @param tokenId The License.
    /// @param price The asking price, pay-token units.
    function listForSale(uint256 tokenId, uint256 price) external nonReentrant {
        if (_rents[tokenId].owner != address(0)) revert LicenseListedForRent(tokenId);
        _requireOwner(tokenId);
        if (!license.info(tokenId).tradable) revert LicenseNotTradable(tokenId);
        if (price == 0) revert InvalidPrice();
        _sales[tokenId] = SaleListing({seller: msg.sender, price: price});
        license.transferFrom(msg.sender, address(this), tokenId);
        emit ListedForSale(tokenId, msg.sender, price);
    }

    /// @notice Seller: withdraws a sale listing; the License goes back.
    /// @param tokenId The License.
    function cancelSale(uint256 tokenId) external nonReentrant {
        SaleListing memory listing = _sales[tokenId];
        if (listing.seller == address(0)) revert NotListedForSale(tokenId);
        if (listing.seller != msg.sender) revert NotSeller(tokenId, msg.sender);
        delete _sales[tokenId];
        license.transferFrom(address(this), msg.sender, tokenId);
        emit SaleCancelled(tokenId, msg.sender);
    }

    /// @notice Buys a listed License, paying the seller; `expectedPrice` guards against a relisting at
    /// another price.
    /// @param tokenId The License.
    /// @param expectedPrice The price the buyer saw.
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

    /// @notice Owner: lists a rentable, usable License for rent; it is held here until the listing is
    /// cancelled.
    /// @param tokenId The License.
    /// @param pricePerDay Rent per day, pay-token units.
    /// @param maxDays The longest rental (at most maxRentalDays).
    /// @param maxIssues Markets one rental may issue (at most the uses left).
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

    /// @notice Rents for `rentalDays`, paying price per day × days to the owner up front; the caller
    /// becomes the License's user and may issue up to the listing's maxIssues (or the uses left).
    /// @param tokenId The License.
    /// @param rentalDays Days to rent, 1 to the listing's maxDays.
    /// @param expectedPricePerDay The price per day the renter saw.
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

    /// @notice Owner, when no rental is running: withdraws the rent listing; the License goes back.
    /// @param tokenId The License.
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

    /// @notice The sale listing of a License (zero seller: not listed).
    /// @param tokenId The License.
    /// @return The seller and the price.
    function saleListing(uint256 tokenId) external view returns (SaleListing memory) {
        return _sales[tokenId];
    }

    /// @notice The rent listing of a License (zero owner: not listed).
    /// @param tokenId The License.
    /// @return The owner, price per day, maximum days and issues.
    function rentListing(uint256 tokenId) external view returns (RentListing memory) {
        return _rents[tokenId];
    }

    /// @notice The owner a listing is held for, or the License's holder when it is not listed.
    /// @param tokenId The License.
    /// @return The real owner.
    function realOwnerOf(uint256 tokenId) external view returns (address) {
        address seller = _sales[tokenId].seller;
        if (seller != address(0)) return seller;
        address lister = _rents[tokenId].owner;
        if (lister != address(0)) return lister;
        return license.ownerOf(tokenId);
    }

    /// @notice Whether a License is unlisted, on sale, listed for rent or rented; reverts when it does not exist.
    /// @param tokenId The License.
    /// @return Its LicenseState.
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
