// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {IERC4906} from "@openzeppelin/contracts/interfaces/IERC4906.sol";
import {ILicense} from "./interfaces/ILicense.sol";
import {LicenseMetadata} from "./license/LicenseMetadata.sol";

/// ERC-4907: a time-limited "user" role beside the owner.
interface IERC4907 {
    event UpdateUser(uint256 indexed tokenId, address indexed user, uint64 expires);

    function setUser(uint256 tokenId, address user, uint64 expires) external;
    function userOf(uint256 tokenId) external view returns (address);
    function userExpires(uint256 tokenId) external view returns (uint256);
}

/// The License (ticket): the right to issue markets. Sold by the protocol for the pay token, traded
/// and rented through LicenseMarketplace, consumed by Markets. Its ERC-721 metadata is on chain
/// (tokenURI, LicenseMetadata) and ERC-4906 MetadataUpdate says when it changed: a use, a rental.
contract License is ERC721, IERC4907, IERC4906, ILicense, Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// Deployment parameters of one License type.
    struct TypeConfig {
        uint256 price; // primary-sale price in pay-token units
        uint32 maxSupply; // how many of the type can ever be minted
        bool tradable;
        bool rentable;
        bool usable;
    }

    /// A bundle sold at one price: `counts[t]` Licenses of type t.
    struct Packet {
        uint16[3] counts;
        uint256 price;
    }

    /// The rental the marketplace granted: ERC-4907's user and expiry plus the issues it allows.
    struct Rental {
        address user;
        uint64 expires;
        uint16 maxIssues;
        uint16 issuesUsed;
    }

    IERC20 public immutable payToken;
    address public immutable treasury;
    /// Markets a new License may issue (the spec's 10).
    uint16 public immutable issuesPerLicense;
    /// Largest packet a single call may mint, so a packet purchase always fits in a block.
    uint16 public constant MAX_PACKET_SIZE = 50;

    address public markets;
    address public marketplace;

    uint256 public totalMinted;
    mapping(LicenseType => uint32) public mintedOfType;

    TypeConfig[3] private _types;
    Packet[] private _packets;
    mapping(uint256 tokenId => Info) private _info;
    mapping(uint256 tokenId => Rental) private _rentals;

    event MarketsSet(address markets);
    event MarketplaceSet(address marketplace);
    /// One event per minted License with everything its row needs.
    event LicenseMinted(
        uint256 indexed tokenId,
        address indexed buyer,
        LicenseType licenseType,
        uint32 number,
        uint16 availableTimes,
        bool tradable,
        bool rentable,
        bool usable,
        uint256 price
    );
    /// Emitted after the packet's LicenseMinted events (token ids firstTokenId .. firstTokenId + count - 1).
    event PacketSold(uint256 indexed packetId, address indexed buyer, uint256 price, uint256 firstTokenId, uint256 count);
    event RentalGranted(
        uint256 indexed tokenId, address indexed user, uint64 expires, uint16 maxIssues
    );
    event LicenseUsed(
        uint256 indexed tokenId,
        address indexed issuer,
        uint16 availableTimes,
        uint64 rentalEnd,
        uint16 rentalIssuesUsed
    );
    event LicenseUseRecycled(uint256 indexed tokenId, uint16 availableTimes);

    error ZeroAddress();
    error InvalidIssuesPerLicense();
    error AlreadySet(address current);
    error NotMarkets(address caller);
    error NotMarketplace(address caller);
    error InvalidPacket(uint256 packetId);
    error PacketTooLarge(uint256 size, uint256 max);
    error EmptyPacket();
    error SoldOut(LicenseType licenseType, uint32 maxSupply);
    error NonexistentLicense(uint256 tokenId);
    error LicenseNotTradable(uint256 tokenId);
    error LicenseNotUsable(uint256 tokenId);
    error NoIssuesLeft(uint256 tokenId);
    error NotLicenseUser(uint256 tokenId, address issuer, address user);
    error ExpirationAfterRentalEnd(uint256 tokenId, uint256 expirationTime, uint64 rentalEnd);
    error RentalIssueAllowanceUsed(uint256 tokenId, uint16 maxIssues);
    error InvalidRental(uint256 tokenId, address user, uint64 expires, uint16 maxIssues);
    error NothingToRecycle(uint256 tokenId);

    constructor(
        IERC20 payToken_,
        address treasury_,
        uint16 issuesPerLicense_,
        TypeConfig[3] memory types_,
        Packet[] memory packets_
    ) ERC721("PRDS License", "PRDSL") Ownable(msg.sender) {
        if (address(payToken_) == address(0) || treasury_ == address(0)) revert ZeroAddress();
        if (issuesPerLicense_ == 0) revert InvalidIssuesPerLicense();
        payToken = payToken_;
        treasury = treasury_;
        issuesPerLicense = issuesPerLicense_;
        for (uint256 t = 0; t < 3; ++t) {
            _types[t] = types_[t];
        }
        for (uint256 p = 0; p < packets_.length; ++p) {
            uint256 size = _packetSize(packets_[p]);
            if (size == 0) revert EmptyPacket();
            if (size > MAX_PACKET_SIZE) revert PacketTooLarge(size, MAX_PACKET_SIZE);
            _packets.push(packets_[p]);
        }
    }

    // ---------------------------------------------------------------- wiring (one time, owner)

    function setMarkets(address markets_) external onlyOwner {
        if (markets_ == address(0)) revert ZeroAddress();
        if (markets != address(0)) revert AlreadySet(markets);
        markets = markets_;
        emit MarketsSet(markets_);
    }

    function setMarketplace(address marketplace_) external onlyOwner {
        if (marketplace_ == address(0)) revert ZeroAddress();
        if (marketplace != address(0)) revert AlreadySet(marketplace);
        marketplace = marketplace_;
        emit MarketplaceSet(marketplace_);
    }

    // ---------------------------------------------------------------- primary sale

    /// Buys one License of `licenseType` at its type price, paid to the treasury.
    function buy(LicenseType licenseType) external nonReentrant returns (uint256 tokenId) {
        TypeConfig memory config = _types[uint8(licenseType)];
        payToken.safeTransferFrom(msg.sender, treasury, config.price);
        tokenId = _mintLicense(msg.sender, licenseType, config, config.price);
    }

    /// Buys packet `packetId` at its packet price; its Licenses get consecutive token ids.
    function buyPacket(uint256 packetId) external nonReentrant returns (uint256 firstTokenId) {
        if (packetId >= _packets.length) revert InvalidPacket(packetId);
        Packet memory bundle = _packets[packetId];
        payToken.safeTransferFrom(msg.sender, treasury, bundle.price);
        firstTokenId = totalMinted + 1;
        uint256 size = _packetSize(bundle);
        // The packet price is spread over its Licenses for the indexer; the first takes the rounding.
        uint256 each = bundle.price / size;
        uint256 first = bundle.price - each * (size - 1);
        uint256 minted;
        for (uint256 t = 0; t < 3; ++t) {
            TypeConfig memory config = _types[t];
            for (uint256 i = 0; i < bundle.counts[t]; ++i) {
                _mintLicense(msg.sender, LicenseType(t), config, minted == 0 ? first : each);
                ++minted;
            }
        }
        emit PacketSold(packetId, msg.sender, bundle.price, firstTokenId, size);
    }

    // ---------------------------------------------------------------- ERC-4907, marketplace only

    /// ERC-4907's setter. Only the marketplace may grant a user, so an owner can never hide a renter;
    /// a user set this way may issue as many markets as the License has left.
    function setUser(uint256 tokenId, address user, uint64 expires) external {
        _grantRental(tokenId, user, expires, issuesPerLicense);
    }

    /// Grants a paid rental: `user` may issue up to `maxIssues` markets expiring before `expires`.
    function setUserWithAllowance(uint256 tokenId, address user, uint64 expires, uint16 maxIssues) external {
        _grantRental(tokenId, user, expires, maxIssues);
    }

    function userOf(uint256 tokenId) public view override(IERC4907, ILicense) returns (address) {
        Rental storage rental = _rentals[tokenId];
        return rental.expires >= block.timestamp ? rental.user : address(0);
    }

    function userExpires(uint256 tokenId) public view override(IERC4907, ILicense) returns (uint256) {
        return _rentals[tokenId].expires;
    }

    /// The current rental as granted (also after it expired, until the next transfer clears it).
    function rentalOf(uint256 tokenId) external view returns (Rental memory) {
        return _rentals[tokenId];
    }

    // ---------------------------------------------------------------- Markets only

    /// See ILicense. The renter during an active rental, the owner otherwise.
    function useForIssue(uint256 tokenId, address issuer, uint256 expirationTime)
        external
        returns (uint64 rentalEnd)
    {
        if (msg.sender != markets) revert NotMarkets(msg.sender);
        Info storage info_ = _existingInfo(tokenId);
        if (!info_.usable) revert LicenseNotUsable(tokenId);
        if (info_.availableTimes == 0) revert NoIssuesLeft(tokenId);

        Rental storage rental = _rentals[tokenId];
        uint16 rentalIssuesUsed;
        if (rental.user != address(0) && rental.expires >= block.timestamp) {
            if (issuer != rental.user) revert NotLicenseUser(tokenId, issuer, rental.user);
            if (expirationTime >= rental.expires) {
                revert ExpirationAfterRentalEnd(tokenId, expirationTime, rental.expires);
            }
            if (rental.issuesUsed >= rental.maxIssues) revert RentalIssueAllowanceUsed(tokenId, rental.maxIssues);
            rentalIssuesUsed = ++rental.issuesUsed;
            rentalEnd = rental.expires;
        } else {
            address owner_ = _ownerOf(tokenId);
            if (issuer != owner_) revert NotLicenseUser(tokenId, issuer, owner_);
        }
        uint16 left = --info_.availableTimes;
        emit LicenseUsed(tokenId, issuer, left, rentalEnd, rentalIssuesUsed);
        emit MetadataUpdate(tokenId);
    }

    /// See ILicense: a cancelled market gives its use back, never beyond a new License's count.
    function recycleUse(uint256 tokenId) external {
        if (msg.sender != markets) revert NotMarkets(msg.sender);
        Info storage info_ = _existingInfo(tokenId);
        if (info_.availableTimes >= issuesPerLicense) revert NothingToRecycle(tokenId);
        uint16 left = ++info_.availableTimes;
        emit LicenseUseRecycled(tokenId, left);
        emit MetadataUpdate(tokenId);
    }

    // ---------------------------------------------------------------- views

    function info(uint256 tokenId) external view returns (Info memory) {
        return _existingInfo(tokenId);
    }

    function typePrice(LicenseType licenseType) external view returns (uint256) {
        return _types[uint8(licenseType)].price;
    }

    function typeConfig(LicenseType licenseType) external view returns (TypeConfig memory) {
        return _types[uint8(licenseType)];
    }

    function packetCount() external view returns (uint256) {
        return _packets.length;
    }

    function packet(uint256 packetId) external view returns (Packet memory) {
        if (packetId >= _packets.length) revert InvalidPacket(packetId);
        return _packets[packetId];
    }

    /// ERC-721 metadata as a data: URI (base64 JSON with an SVG image): name, type, uses left, rental.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        Info memory info_ = _existingInfo(tokenId);
        return LicenseMetadata.tokenURI(
            LicenseMetadata.Facts({
                tokenId: tokenId,
                info: info_,
                issuesPerLicense: issuesPerLicense,
                rentalExpires: _rentals[tokenId].expires,
                rented: userOf(tokenId) != address(0)
            })
        );
    }

    /// ERC-4906's id is 0x49064906 by the standard (not an XOR of its events' selectors).
    bytes4 private constant ERC4906_INTERFACE_ID = 0x49064906;

    function supportsInterface(bytes4 interfaceId) public view override(ERC721, IERC165) returns (bool) {
        return interfaceId == type(IERC4907).interfaceId || interfaceId == ERC4906_INTERFACE_ID
            || super.supportsInterface(interfaceId);
    }

    // ---------------------------------------------------------------- internals

    function _mintLicense(
        address to,
        LicenseType licenseType,
        TypeConfig memory config,
        uint256 price
    ) private returns (uint256 tokenId) {
        uint32 number = mintedOfType[licenseType] + 1;
        if (number > config.maxSupply) revert SoldOut(licenseType, config.maxSupply);
        mintedOfType[licenseType] = number;
        tokenId = ++totalMinted;
        _info[tokenId] = Info({
            licenseType: licenseType,
            number: number,
            availableTimes: issuesPerLicense,
            tradable: config.tradable,
            rentable: config.rentable,
            usable: config.usable
        });
        _mint(to, tokenId);
        emit LicenseMinted(
            tokenId,
            to,
            licenseType,
            number,
            issuesPerLicense,
            config.tradable,
            config.rentable,
            config.usable,
            price
        );
    }

    function _grantRental(uint256 tokenId, address user, uint64 expires, uint16 maxIssues) private {
        if (msg.sender != marketplace) revert NotMarketplace(msg.sender);
        _existingInfo(tokenId);
        if (user == address(0) || expires <= block.timestamp || maxIssues == 0) {
            revert InvalidRental(tokenId, user, expires, maxIssues);
        }
        _rentals[tokenId] = Rental({user: user, expires: expires, maxIssues: maxIssues, issuesUsed: 0});
        emit UpdateUser(tokenId, user, expires);
        emit RentalGranted(tokenId, user, expires, maxIssues);
        emit MetadataUpdate(tokenId);
    }

    /// Clears the user on every transfer, and keeps non-tradable Licenses with their owner except for
    /// the protocol's own escrows (marketplace for rent, Markets for a staked bond).
    function _update(address to, uint256 tokenId, address auth) internal override returns (address from) {
        from = super._update(to, tokenId, auth);
        if (from != address(0) && to != address(0)) {
            if (
                !_info[tokenId].tradable && to != marketplace && to != markets && from != marketplace
                    && from != markets
            ) {
                revert LicenseNotTradable(tokenId);
            }
        }
        if (from != to && _rentals[tokenId].user != address(0)) {
            delete _rentals[tokenId];
            emit UpdateUser(tokenId, address(0), 0);
            // The rental's end (the License back from the marketplace, or sold on): no longer rented.
            emit MetadataUpdate(tokenId);
        }
    }

    function _existingInfo(uint256 tokenId) private view returns (Info storage info_) {
        if (_ownerOf(tokenId) == address(0)) revert NonexistentLicense(tokenId);
        return _info[tokenId];
    }

    function _packetSize(Packet memory packet_) private pure returns (uint256) {
        return uint256(packet_.counts[0]) + packet_.counts[1] + packet_.counts[2];
    }
}
